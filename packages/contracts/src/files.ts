/** The file extensions the spec maps (§9) and their MIME types; the one table for uploads and downloads. */
export const mimeTypeByExtension = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
  csv: 'text/csv',
  xml: 'application/xml',
  rar: 'application/vnd.rar',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  xls: 'application/vnd.ms-excel',
} as const;
/** One mapped file extension (without the dot). */
export type FileExtension = keyof typeof mimeTypeByExtension;
/** One mapped MIME type. */
export type MimeType = (typeof mimeTypeByExtension)[FileExtension];

/** Other spellings accepted for a mapped extension (the common short form of jpeg). */
export const extensionAliases: Readonly<Record<string, FileExtension>> = { jpg: 'jpeg' };

/** Reduces '.JPG', 'jpg' or 'report.pdf' to a mapped extension, or undefined when it is not mapped. */
export function normalizeExtension(nameOrExtension: string): FileExtension | undefined {
  const lower = nameOrExtension.trim().toLowerCase();
  const ext = lower.includes('.') ? lower.slice(lower.lastIndexOf('.') + 1) : lower;
  if (Object.hasOwn(mimeTypeByExtension, ext)) return ext as FileExtension;
  return Object.hasOwn(extensionAliases, ext) ? extensionAliases[ext] : undefined;
}

/** MIME type for a file name or extension, or undefined when the extension is not mapped. */
export function mimeTypeForExtension(nameOrExtension: string): MimeType | undefined {
  const ext = normalizeExtension(nameOrExtension);
  return ext === undefined ? undefined : mimeTypeByExtension[ext];
}

/** Extension for a MIME type (parameters such as `; charset=utf-8` ignored), or undefined when not mapped. */
export function extensionForMimeType(mimeType: string): FileExtension | undefined {
  const bare = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (Object.keys(mimeTypeByExtension) as FileExtension[]).find(
    (ext) => mimeTypeByExtension[ext] === bare,
  );
}
