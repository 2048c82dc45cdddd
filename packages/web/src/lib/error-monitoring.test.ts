import { describe, expect, it, vi } from 'vitest';
import { browserMonitoringOptions, scrubBrowserEvent, startBrowserMonitoring } from './error-monitoring.ts';

const integration = (name: string) => ({ name });
const sentry = {
  browserTracingIntegration: vi.fn(() => integration('BrowserTracing')),
  replayIntegration: vi.fn((options: Record<string, unknown>) => ({ ...integration('Replay'), options })),
};
const config = { dsn: 'https://key@sentry.example/1', environment: 'test', release: '1' };

describe('browser error monitoring', () => {
  it('uses the spec §9 rates exactly and a replay of at most one hour, text masked', () => {
    const options = browserMonitoringOptions(sentry as never, config);
    expect(options).toMatchObject({
      dsn: config.dsn,
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0.2,
      replaysOnErrorSampleRate: 1,
    });
    const integrations = (options.integrations as (d: { name: string }[]) => { name: string }[])([
      integration('GlobalHandlers'),
      integration('BrowserApiErrors'),
      integration('Dedupe'),
    ]);
    // Our global capture tags and filters: the SDK's own global handlers are off.
    expect(integrations.map((i) => i.name)).toEqual(['Dedupe', 'BrowserTracing', 'Replay']);
    expect(sentry.replayIntegration).toHaveBeenCalledWith({
      maxReplayDuration: 3_600_000,
      maskAllText: true,
      blockAllMedia: true,
    });
  });

  it('drops the spec §8 kinds: generic script errors, resize-observer notices, the 404 transaction', () => {
    const options = browserMonitoringOptions(sentry as never, config);
    expect(options.ignoreErrors).toEqual([
      'Script error.',
      'ResizeObserver loop limit exceeded',
      'ResizeObserver loop completed with undelivered notifications',
    ]);
    const send = options.beforeSendTransaction!;
    expect(send({ type: 'transaction', transaction: '/levels/:levelId' }, {})).not.toBeNull();
    expect(send({ type: 'transaction', transaction: '*' }, {})).toBeNull();
    expect(
      send({ type: 'transaction', transaction: '/x', contexts: { response: { status_code: 404 } } }, {}),
    ).toBeNull();
  });

  it('sends no personal data', () => {
    const event = scrubBrowserEvent({
      type: undefined,
      user: { id: 'u-1', email: 'kid@example.org', ip_address: '1.2.3.4' },
      request: { url: 'https://app.test/reset-password?token=abc', headers: { cookie: 'x' } },
      message: 'Failed for parent@example.org with Bearer abc.def',
      exception: { values: [{ type: 'Error', value: 'eyJhbGc.eyJzdWI.sig rejected' }] },
    });
    expect(event).toEqual({
      type: undefined,
      user: { id: 'u-1' },
      request: { url: 'https://app.test/reset-password' },
      message: 'Failed for [e-mail] with [token]',
      exception: { values: [{ type: 'Error', value: '[token] rejected' }] },
    });
  });

  it('loads nothing without a DSN', async () => {
    expect(await startBrowserMonitoring(async () => ({ dsn: null, environment: 'test', release: '1' }))).toBe(
      false,
    );
    expect(await startBrowserMonitoring(async () => Promise.reject(new Error('offline')))).toBe(false);
  });
});
