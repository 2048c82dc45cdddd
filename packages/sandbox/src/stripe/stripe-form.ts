/** A value of Stripe's form encoding once nested: strings, arrays and objects of them. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
/** A decoded request body or query. */
export type FormObject = { [key: string]: FormValue };

/**
 * Decodes Stripe's `application/x-www-form-urlencoded` bodies and queries, whose keys nest with brackets
 * (`items[0][price]=price_1`, `metadata[org]=x`, `expand[]=latest_invoice`), as the official SDKs encode them.
 */
export function decodeStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [key];
    let node: FormObject = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] === '' ? String(Object.keys(node).length) : (parts[i] ?? '');
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        if (typeof next !== 'object' || next === null) node[part] = {};
        node = node[part] as FormObject;
      }
    }
  }
  return arraysOf(root) as FormObject;
}

/** Objects whose keys are 0..n-1 become arrays, as the encoding meant. */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arraysOf);
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysOf(value[k] as FormValue)]));
  if (keys.length > 0 && keys.every((k, i) => k === String(i)))
    return keys.map((k) => converted[k] as FormValue);
  return converted;
}

/** A string field, or undefined. */
export function str(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

/** A nested object field, or an empty one. */
export function obj(form: FormObject, key: string): FormObject {
  const value = form[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/** A list field (an array of strings or objects), or an empty one. */
export function list(form: FormObject, key: string): FormValue[] {
  const value = form[key];
  return Array.isArray(value) ? value : [];
}

/** String-only metadata (Stripe keeps metadata values as strings). */
export function metadataOf(form: FormObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj(form, 'metadata')).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
