import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../errors.ts';

/** A file part read into memory, with the name and field the client gave. */
export type MultipartFile = { bytes: Buffer; fileName: string | undefined; fieldName: string };

/** What one upload route allows, and the field its errors are reported on. */
export type MultipartRules = {
  field: string;
  maxFileBytes: number;
  maxFiles: number;
  maxTotalBytes?: number;
  messages: {
    notMultipart: string;
    missing: string;
    fileTooLarge: string;
    tooManyFiles?: string;
    totalTooLarge?: string;
  };
};

/** Said of a multipart body the parser cannot read (no boundary, cut short, broken part headers). */
export const malformedMultipartMessage =
  'The upload could not be read: the multipart/form-data body is malformed or incomplete';

/**
 * Reads the file parts of a multipart request into memory under the route's limits. Every failure while reading
 * the body (a limit, no boundary, a truncated body, broken part headers) is a 400 on the route's field, never a
 * 500; nothing is stored here (ADR 020).
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  rules: MultipartRules,
): Promise<MultipartFile[]> {
  const fail = (message: string) => invalid([{ field: rules.field, in: 'body', message }], message);
  if (!request.isMultipart()) throw fail(rules.messages.notMultipart);
  const files: MultipartFile[] = [];
  let total = 0;
  try {
    for await (const part of request.files({
      limits: { fileSize: rules.maxFileBytes, files: rules.maxFiles },
    })) {
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (rules.maxTotalBytes !== undefined && total > rules.maxTotalBytes)
        throw fail(rules.messages.totalTooLarge ?? rules.messages.fileTooLarge);
      files.push({ bytes, fileName: part.filename, fieldName: part.fieldname });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const errors = request.server.multipartErrors;
    if (err instanceof errors.RequestFileTooLargeError) throw fail(rules.messages.fileTooLarge);
    if (err instanceof errors.FilesLimitError)
      throw fail(rules.messages.tooManyFiles ?? `Send at most ${rules.maxFiles} file(s) at once`);
    request.log.info({ err }, 'malformed multipart body');
    throw fail(malformedMultipartMessage);
  }
  if (files.length === 0) throw fail(rules.messages.missing);
  return files;
}
