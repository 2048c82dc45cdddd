import type { FileExtension } from '@touchline/contracts/files';
import { invalid } from '../../errors.ts';
import { checkFileType } from '../../storage/upload-check.ts';

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
