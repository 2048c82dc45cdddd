import type { DashboardExportQuery } from '@touchline/contracts/dashboard';
import { ApiError, messageFromErrorBody } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { dashboardQueryString } from './get-dashboard-members.ts';

/** How far a download has come: bytes received and, for CSV, member lines received. */
export type DownloadProgress = { bytes: number; lines: number };

/**
 * GET /api/app/hierarchy-level/{id}/members/status-download (spec §3 statusDownload): reads the streamed file,
 * reporting progress as it arrives, and hands the browser the finished file.
 */
export async function downloadStatus(
  levelId: string,
  query: DashboardExportQuery,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const token = await session.getAccessToken();
  const response = await fetch(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/members/status-download?${dashboardQueryString(query)}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {}, signal },
  );
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A non-JSON error body is shown as it is.
    }
    throw new ApiError(
      response.status,
      messageFromErrorBody(body) ?? `Download failed: HTTP ${response.status}`,
    );
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const progress = { bytes: 0, lines: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.length;
    if (query.format === 'csv') for (const byte of value) if (byte === 10) progress.lines += 1;
    onProgress({ ...progress });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : `status.${query.format}`;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName };
}
