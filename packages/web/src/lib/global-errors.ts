import { isIgnoredErrorMessage } from '@touchline/contracts/monitoring';
import { ApiError } from './api-error.ts';

/** An error caught anywhere in the page, tagged for reporting (sending it to monitoring comes later). */
export interface CapturedError {
  message: string;
  stack?: string;
  tags: { source: 'window.error' | 'unhandledrejection' | 'error-boundary'; path: string; status?: number };
  at: string;
}

const maxKept = 50;
const captured: CapturedError[] = [];
const listeners = new Set<(e: CapturedError) => void>();

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

/**
 * What reporting drops (spec §8): a 404 and redirects (normal navigation, not faults), the browser's generic
 * cross-origin 'Script error.', and ResizeObserver loop notices.
 */
export function isIgnored(reason: unknown, message: string): boolean {
  if (reason instanceof ApiError && reason.status === 404) return true;
  if (reason instanceof Response && reason.status >= 300 && reason.status < 400) return true;
  return isIgnoredErrorMessage(message);
}

/** Records an error with its tags, unless reporting drops it. Returns what was recorded, or null. */
export function captureError(reason: unknown, source: CapturedError['tags']['source']): CapturedError | null {
  const message = messageOf(reason);
  if (isIgnored(reason, message)) return null;
  const entry: CapturedError = {
    message,
    ...(reason instanceof Error && reason.stack ? { stack: reason.stack } : {}),
    tags: {
      source,
      path: typeof window !== 'undefined' ? window.location.pathname : '',
      ...(reason instanceof ApiError ? { status: reason.status } : {}),
    },
    at: new Date().toISOString(),
  };
  captured.push(entry);
  if (captured.length > maxKept) captured.shift();
  listeners.forEach((l) => l(entry));
  return entry;
}

export const capturedErrors = (): readonly CapturedError[] => captured;
export function onCapturedError(listener: (e: CapturedError) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Catches unhandled errors and promise rejections of the whole page. Returns the uninstall function. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    captureError(event.error ?? event.message, 'window.error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    captureError(event.reason, 'unhandledrejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
