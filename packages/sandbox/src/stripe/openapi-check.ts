/** An OpenAPI 3.0 schema, as far as Stripe's description uses it. */
type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
};

/** The components of Stripe's OpenAPI description that the check resolves `$ref`s in. */
export type SchemaSet = Record<string, Schema>;

/**
 * Checks a value against one of Stripe's published schemas (types, required fields, enums, nullability, `anyOf`
 * of expandable ids) and answers every mismatch by path, so a test shows exactly where the sandbox drifted.
 */
export function checkAgainst(schemas: SchemaSet, name: string, value: unknown): string[] {
  const problems: string[] = [];
  visit({ $ref: `#/components/schemas/${name}` }, value, name);
  return problems;

  function visit(schema: Schema, v: unknown, path: string): void {
    if (schema.$ref) {
      const target = schemas[schema.$ref.split('/').pop() ?? ''];
      if (!target) return (problems.push(`${path}: unknown schema ${schema.$ref}`), undefined);
      return visit(target, v, path);
    }
    if (v === null) {
      if (!schema.nullable) problems.push(`${path}: null but not nullable`);
      return;
    }
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) {
      const fits = choices.some((choice) => {
        const before = problems.length;
        visit(choice, v, path);
        const ok = problems.length === before;
        problems.length = before;
        return ok;
      });
      if (!fits) problems.push(`${path}: matches none of ${choices.length} alternatives`);
      return;
    }
    if (schema.enum && !schema.enum.includes(v))
      problems.push(`${path}: ${JSON.stringify(v)} not in ${JSON.stringify(schema.enum)}`);
    switch (schema.type) {
      case 'string':
        if (typeof v !== 'string') problems.push(`${path}: expected a string`);
        return;
      case 'integer':
        if (!Number.isInteger(v)) problems.push(`${path}: expected an integer`);
        return;
      case 'number':
        if (typeof v !== 'number') problems.push(`${path}: expected a number`);
        return;
      case 'boolean':
        if (typeof v !== 'boolean') problems.push(`${path}: expected a boolean`);
        return;
      case 'array':
        if (!Array.isArray(v)) return (problems.push(`${path}: expected an array`), undefined);
        v.forEach((item, i) => schema.items && visit(schema.items, item, `${path}[${i}]`));
        return;
      case 'object':
      case undefined: {
        if (schema.type === undefined && !schema.properties) return;
        if (typeof v !== 'object' || Array.isArray(v))
          return (problems.push(`${path}: expected an object`), undefined);
        const record = v as Record<string, unknown>;
        for (const key of schema.required ?? [])
          if (!(key in record)) problems.push(`${path}.${key}: required but missing`);
        for (const [key, child] of Object.entries(schema.properties ?? {}))
          if (key in record) visit(child, record[key], `${path}.${key}`);
        return;
      }
    }
  }
}
