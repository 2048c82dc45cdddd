import type { ZodType } from 'zod';
import { parseResponseFailedMessage } from '@touchline/contracts/messages';
import { errorBodySchema } from '@touchline/contracts/errors';
import { ApiError, messageFromErrorBody, notSignedInMessage } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

/** How far an upload has come, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function parse(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return raw;
  }
}

/**
 * Sends a multipart form to the product API with the session's token and reports upload progress. fetch cannot
 * report the progress of a request body, so this one call goes through XMLHttpRequest; its errors read like the
 * API client's (an ApiError with the server's message, code and field errors).
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  schema: ZodType<T>,
  onProgress?: UploadProgress,
): Promise<T> {
  const token = await session.getAccessToken();
  if (!token) throw new ApiError(401, notSignedInMessage);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: check your connection and try again.'));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) session.handleUnauthorized();
        const parsed = errorBodySchema.safeParse(body);
        reject(
          new ApiError(xhr.status, messageFromErrorBody(body) ?? (xhr.statusText || `HTTP ${xhr.status}`), {
            body,
            ...(parsed.success
              ? {
                  code: parsed.data.error.code,
                  validationErrors: parsed.data.error.validationErrors ?? [],
                }
              : {}),
          }),
        );
        return;
      }
      const checked = schema.safeParse(body);
      if (checked.success) resolve(checked.data);
      else reject(new ApiError(xhr.status, parseResponseFailedMessage, { body, cause: checked.error }));
    };
    onProgress?.(0);
    xhr.send(form);
  });
}

/**
 * Fetches a file the API serves only to the signed-in member (the signed waiver PDF) and hands it to the browser
 * as a download; a plain link could not carry the Bearer token.
 */
export async function downloadWithToken(path: string, fileName: string): Promise<void> {
  const token = await session.getAccessToken();
  if (!token) throw new ApiError(401, notSignedInMessage);
  const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body = parse(await response.text());
    throw new ApiError(response.status, messageFromErrorBody(body) ?? `HTTP ${response.status}`, { body });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
