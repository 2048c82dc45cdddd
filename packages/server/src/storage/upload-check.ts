import { fileTypeFromBuffer } from 'file-type';
import { mimeTypeByExtension, normalizeExtension, type FileExtension } from '@touchline/contracts/files';

/** A member or template file whose type was checked: the spec extension its name and bytes agree on. */
export type CheckedFile = { extension: FileExtension; contentType: string };
/** Why a file was refused, said to the person who chose it. */
export type RefusedFile = { refused: string };

const accepted = Object.keys(mimeTypeByExtension).join(', ');
const textExtensions: readonly FileExtension[] = ['txt', 'csv', 'xml'];

/** file-type's names for the spec's binary types (§9); every other detected type is refused. */
const detectedExtension: Readonly<Record<string, FileExtension>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  rar: 'rar',
  zip: 'zip',
  '7z': '7z',
  tar: 'tar',
  xml: 'xml',
};

/** Types a browser may show in place (served inline); every other stored type is downloaded as an attachment. */
export const inlineContentTypes: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

const isControl = (code: number) => code < 32 || code === 127;

/** The last path segment of a browser-given name without control characters: it only names downloads. */
export function safeFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = Array.from(last)
    .filter((ch) => !isControl(ch.codePointAt(0) ?? 0))
    .join('')
    .trim()
    .slice(-200);
  return printable === '' || printable === '.' || printable === '..' ? 'upload' : printable;
}

/** Decodes strict UTF-8 text without control characters besides tab, line feed, form feed and return. */
function plainText(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const clean = Array.from(text).every((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return !isControl(code) || [9, 10, 12, 13].includes(code);
  });
  return clean ? text : undefined;
}

/** A tag, comment, declaration or processing instruction: what a browser would render as HTML or SVG. */
const markup = /<\s*[a-z!?/]/i;
/** XML that is really a web page or an image a browser runs scripts in. */
const activeXml =
  /<\s*(html|head|body|script|svg|iframe|object|embed)\b|<!doctype\s+html|<\?xml-stylesheet|http:\/\/www\.w3\.org\/(1999\/xhtml|2000\/svg)|\son[a-z]+\s*=/i;

function textProblem(name: string, extension: FileExtension, bytes: Buffer): string | undefined {
  const text = plainText(bytes);
  if (text === undefined) return `${name} is not plain UTF-8 text, so it cannot be a .${extension} file`;
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (extension !== 'xml') {
    return markup.test(body)
      ? `${name} contains markup (HTML, SVG or XML tags), which a .${extension} file may not`
      : undefined;
  }
  if (!body.startsWith('<')) return `${name} does not look like XML`;
  return activeXml.test(body)
    ? `${name} looks like a web page or SVG image (scripts, event handlers), which we do not accept`
    : undefined;
}

/**
 * The one acceptance rule of every requirement and template upload (ADR 020): the name's extension must be one of
 * the spec's mapped extensions (§9) and the bytes must be that type (magic bytes; text types strict UTF-8 without
 * markup). HTML and SVG are never accepted, under any name; archives are never opened. Returns the type to store
 * and serve, or why the file is refused.
 */
export async function checkFileType(bytes: Buffer, fileName: string): Promise<CheckedFile | RefusedFile> {
  if (bytes.length === 0) return { refused: `${fileName} is empty` };
  const named = normalizeExtension(fileName.includes('.') ? fileName : '');
  if (!named) return { refused: `${fileName} is not a file type we accept (accepted: ${accepted})` };
  const detected = await fileTypeFromBuffer(bytes);
  let actual: FileExtension | undefined;
  if (detected?.ext === 'cfb') actual = named === 'xls' ? 'xls' : undefined;
  else if (detected) actual = detectedExtension[detected.ext];
  else if (textExtensions.includes(named)) actual = named;
  if (detected && !actual)
    return {
      refused: `${fileName} is a ${detected.ext.toUpperCase()} file, not a file type we accept (accepted: ${accepted})`,
    };
  if (actual !== named) {
    const what = actual ? `a .${actual} file` : 'not a file of that type';
    return { refused: `${fileName} is ${what}: its content does not match its .${named} name` };
  }
  if (textExtensions.includes(named)) {
    const problem = textProblem(fileName, named, bytes);
    if (problem) return { refused: problem };
  }
  return { extension: named, contentType: mimeTypeByExtension[named] };
}
