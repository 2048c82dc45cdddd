import type { FastifyRequest } from 'fastify';
import type { FileExtension } from '@touchline/contracts/files';
import { requirementUploadLimits } from '@touchline/contracts/requirement-completion';
import { invalid } from '../errors.ts';
import { readMultipartFiles } from '../storage/multipart-reader.ts';
import { checkFileType, safeFileName } from '../storage/upload-check.ts';

/** An uploaded file read into memory, with the name the browser gave (kept only to name downloads). */
export type RequirementUpload = { bytes: Buffer; originalName: string };
/** An upload whose name and bytes agree on one of the spec's types. */
export type CheckedUpload = RequirementUpload & { extension: FileExtension; contentType: string };

const fileError = (message: string) => invalid([{ field: 'file', in: 'body', message }], message);

/**
 * The shared acceptance rule ({@link checkFileType}, ADR 020) as a 400 naming the file and the reason; `only`
 * narrows it for an upload that takes fewer types (a training certificate: PDF or an image).
 */
export async function checkUpload(
  upload: RequirementUpload,
  only?: readonly FileExtension[],
): Promise<CheckedUpload> {
  const checked = await checkFileType(upload.bytes, upload.originalName);
  if ('refused' in checked) throw fileError(checked.refused);
  if (only && !only.includes(checked.extension))
    throw fileError(
      `${upload.originalName} is not a file type we accept here (accepted: ${only.join(', ')})`,
    );
  return { ...upload, ...checked };
}

const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/**
 * Reads the files of a multipart request into memory: at most {@link requirementUploadLimits}.files files of
 * fileBytes each and requestBytes together, or a 400 naming the limit. Nothing is stored here.
 */
export async function readUploads(request: FastifyRequest): Promise<RequirementUpload[]> {
  const { fileBytes, requestBytes, files } = requirementUploadLimits;
  const parts = await readMultipartFiles(request, {
    field: 'file',
    maxFileBytes: fileBytes,
    maxFiles: files,
    maxTotalBytes: requestBytes,
    messages: {
      notMultipart: 'Send the files as multipart/form-data',
      missing: 'Choose a file to upload',
      fileTooLarge: `A file is larger than ${mb(fileBytes)}`,
      tooManyFiles: `Send at most ${files} files at once`,
      totalTooLarge: `The files together are larger than ${mb(requestBytes)}`,
    },
  });
  return parts.map((part) => ({ bytes: part.bytes, originalName: safeFileName(part.fileName) }));
}
