import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { mimeTypeByExtension, normalizeExtension, type FileExtension } from '@touchline/contracts/files';
import { requirementUploadLimits } from '@touchline/contracts/requirement-completion';
import { invalid } from '../../errors.ts';

/** An uploaded file read into memory, with the name the browser gave (kept only to name downloads). */
export type RequirementUpload = { bytes: Buffer; originalName: string };
/** An upload whose type was taken from its bytes. */
export type CheckedUpload = RequirementUpload & { extension: FileExtension; contentType: string };

const fileError = (message: string) => invalid([{ field: 'file', in: 'body', message }], message);
const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const accepted = Object.keys(mimeTypeByExtension).join(', ');

/** file-type's names for the spec's binary types (§9); everything else it recognizes is refused. */
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

const isControl = (code: number) => code < 32 || code === 127;

/** Plain text: valid UTF-8 without NUL or other control characters besides tab, line feed, form feed, return. */
function isPlainText(bytes: Buffer): boolean {
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (decoded.includes('\uFFFD')) return false;
  return Array.from(decoded).every((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return !isControl(code) || [9, 10, 12, 13].includes(code);
  });
}

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

/** Text types by content: XML by its declaration, CSV by a steady comma count over the lines, else text. */
function sniffText(bytes: Buffer): FileExtension {
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<?xml')) return 'xml';
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  const commas = lines.map((l) => l.split(',').length - 1);
  if (lines.length >= 2 && commas[0] !== 0 && commas.every((c) => c === commas[0])) return 'csv';
  return 'txt';
}

/**
 * The file's type from its bytes (magic numbers; text types by content), refused with a 400 unless it is one of
 * the spec's extensions (§9). An old Excel file is an OLE container, accepted as xls only when named .xls.
 */
export async function checkUpload(upload: RequirementUpload): Promise<CheckedUpload> {
  if (upload.bytes.length === 0) throw fileError(`${upload.originalName} is empty`);
  const detected = await fileTypeFromBuffer(upload.bytes);
  let extension: FileExtension | undefined;
  if (detected) {
    extension = detectedExtension[detected.ext];
    if (detected.ext === 'cfb' && normalizeExtension(upload.originalName) === 'xls') extension = 'xls';
  } else if (isPlainText(upload.bytes)) extension = sniffText(upload.bytes);
  if (!extension)
    throw fileError(`${upload.originalName} is not a file type we accept (accepted: ${accepted})`);
  return { ...upload, extension, contentType: mimeTypeByExtension[extension] };
}

/**
 * Reads the files of a multipart request into memory: at most {@link requirementUploadLimits}.files files of
 * fileBytes each and requestBytes together, or a 400 naming the limit. Nothing is stored here.
 */
export async function readUploads(request: FastifyRequest): Promise<RequirementUpload[]> {
  if (!request.isMultipart()) throw fileError('Send the files as multipart/form-data');
  const { fileBytes, requestBytes, files } = requirementUploadLimits;
  const uploads: RequirementUpload[] = [];
  let total = 0;
  try {
    for await (const part of request.files({ limits: { fileSize: fileBytes, files } })) {
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > requestBytes) throw fileError(`The files together are larger than ${mb(requestBytes)}`);
      uploads.push({ bytes, originalName: safeFileName(part.filename) });
    }
  } catch (err) {
    const errors = request.server.multipartErrors;
    if (err instanceof errors.RequestFileTooLargeError)
      throw fileError(`A file is larger than ${mb(fileBytes)}`);
    if (err instanceof errors.FilesLimitError) throw fileError(`Send at most ${files} files at once`);
    throw err;
  }
  if (uploads.length === 0) throw fileError('Choose a file to upload');
  return uploads;
}
