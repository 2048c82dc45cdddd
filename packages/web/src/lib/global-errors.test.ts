import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  capturedErrors,
  captureError,
  installGlobalErrorHandlers,
  onCapturedError,
} from './global-errors.ts';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('global error capture', () => {
  it('catches window errors and unhandled rejections, tagged with their source and page', () => {
    uninstall = installGlobalErrorHandlers(window);
    const seen = vi.fn();
    const off = onCapturedError(seen);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    window.dispatchEvent(rejection(new ApiError(500, 'Server fell over')));
    off();
    expect(seen).toHaveBeenCalledTimes(2);
    expect(seen.mock.calls[0]?.[0]).toMatchObject({
      message: 'boom',
      tags: { source: 'window.error', path: '/' },
    });
    expect(seen.mock.calls[1]?.[0]).toMatchObject({
      message: 'Server fell over',
      tags: { source: 'unhandledrejection', status: 500 },
    });
    expect(capturedErrors().at(-1)?.message).toBe('Server fell over');
  });

  it('stops listening once uninstalled', () => {
    installGlobalErrorHandlers(window)();
    const seen = vi.fn();
    const off = onCapturedError(seen);
    window.dispatchEvent(rejection(new Error('after uninstall')));
    off();
    expect(seen).not.toHaveBeenCalled();
  });

  it('drops 404s, redirects, generic script errors and ResizeObserver notices', () => {
    expect(captureError(new ApiError(404, 'Not found'), 'unhandledrejection')).toBeNull();
    expect(captureError(new Response(null, { status: 302 }), 'unhandledrejection')).toBeNull();
    expect(captureError('Script error.', 'window.error')).toBeNull();
    expect(
      captureError('ResizeObserver loop completed with undelivered notifications.', 'window.error'),
    ).toBeNull();
    expect(captureError(new ApiError(403, 'Forbidden'), 'unhandledrejection')).not.toBeNull();
  });
});
