import type { BrowserOptions, browserTracingIntegration, replayIntegration } from '@sentry/react';
import {
  errorTracesSampleRate,
  ignoredErrorMessagePatterns,
  replayErrorSampleRate,
  replayMaxDurationMs,
  replaySessionSampleRate,
} from '@touchline/contracts/monitoring';
import { onCapturedError, type CapturedError } from './global-errors.ts';

// Error monitoring of the browser (issue 32, spec §8–§9, ADR 042): the official Sentry SDK at the spec's exact
// rates, loaded only when the server names a DSN (none: nothing is loaded or sent). The page's own global error
// capture (global-errors.ts) decides what is reported and tags it; the SDK sends it, scrubbed.

type SentryEvent = Parameters<NonNullable<BrowserOptions['beforeSend']>>[0];

const emailPattern = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
const tokenPattern = /\b(?:Bearer\s+[\w.~+/=-]+|eyJ[\w-]+\.[\w-]+\.[\w-]*)/gi;

/** A text with e-mail addresses and tokens masked. */
export function scrubText(text: string): string {
  return text.replace(emailPattern, '[e-mail]').replace(tokenPattern, '[token]');
}

/** The event without personal data: the user's id at most, no request body, headers or query, texts scrubbed. */
export function scrubBrowserEvent<E extends SentryEvent>(event: E): E {
  const scrubbed: E = { ...event };
  if (scrubbed.user) scrubbed.user = scrubbed.user.id ? { id: scrubbed.user.id } : {};
  if (scrubbed.request)
    scrubbed.request = scrubbed.request.url
      ? { url: scrubText(scrubbed.request.url.split('?')[0] ?? '') }
      : {};
  if (typeof scrubbed.message === 'string') scrubbed.message = scrubText(scrubbed.message);
  if (scrubbed.exception?.values)
    scrubbed.exception = {
      values: scrubbed.exception.values.map((v) => ({
        ...v,
        ...(v.value ? { value: scrubText(v.value) } : {}),
      })),
    };
  if (scrubbed.breadcrumbs)
    scrubbed.breadcrumbs = scrubbed.breadcrumbs.map((b) => ({
      ...b,
      ...(b.message ? { message: scrubText(b.message) } : {}),
      data: undefined,
    }));
  return scrubbed;
}

/** Whether a transaction is the 404 page's (spec §8: dropped). */
const isNotFoundTransaction = (event: {
  transaction?: string;
  contexts?: { response?: { status_code?: number } };
}) =>
  event.contexts?.response?.status_code === 404 || /(^|\s)\*$|not.?found|404/i.test(event.transaction ?? '');

/**
 * The SDK's options (spec §9 exactly): traces 0.2; replays of 0.2 of sessions and of every session with an error,
 * at most one hour (the SDK then stops with 'Session is too long, not sending replay'), all text masked and media
 * blocked; the spec §8 drops; scrubbed events. The SDK's own global capture is off: ours tags and filters.
 */
export function browserMonitoringOptions(
  sentry: {
    browserTracingIntegration: typeof browserTracingIntegration;
    replayIntegration: typeof replayIntegration;
  },
  config: { dsn: string; environment: string; release: string },
): BrowserOptions {
  return {
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: errorTracesSampleRate,
    replaysSessionSampleRate: replaySessionSampleRate,
    replaysOnErrorSampleRate: replayErrorSampleRate,
    traceLifecycle: 'static',
    integrations: (defaults) => [
      // The SDK's own capture of global errors and of errors in timers and listeners: ours reports them, tagged.
      ...defaults.filter((i) => i.name !== 'GlobalHandlers' && i.name !== 'BrowserApiErrors'),
      sentry.browserTracingIntegration(),
      sentry.replayIntegration({
        maxReplayDuration: replayMaxDurationMs,
        maskAllText: true,
        blockAllMedia: true,
      }),
    ],
    ignoreErrors: [...ignoredErrorMessagePatterns.ScriptError, ...ignoredErrorMessagePatterns.ResizeObserver],
    beforeSend: (event) => scrubBrowserEvent(event),
    beforeSendTransaction: (event) => (isNotFoundTransaction(event) ? null : event),
  };
}

/** What the server says of monitoring (GET /api/monitoring/config). */
type MonitoringConfig = { dsn: string | null; environment: string; release: string };

/**
 * Starts browser monitoring when the server names a DSN, loading the SDK only then; every error the page's global
 * capture records (already filtered by spec §8) is reported with its tags. Answers whether it started.
 */
export async function startBrowserMonitoring(
  fetchConfig: () => Promise<MonitoringConfig | null> = defaultFetchConfig,
): Promise<boolean> {
  const config = await fetchConfig().catch(() => null);
  if (!config?.dsn) return false;
  const sentry = await import('@sentry/react');
  sentry.init(browserMonitoringOptions(sentry, { ...config, dsn: config.dsn }));
  onCapturedError((entry: CapturedError) => {
    const error = Object.assign(new Error(entry.message), entry.stack ? { stack: entry.stack } : {});
    sentry.captureException(error, {
      tags: {
        source: entry.tags.source,
        path: entry.tags.path,
        ...(entry.tags.status ? { status: entry.tags.status } : {}),
      },
    });
  });
  return true;
}

async function defaultFetchConfig(): Promise<MonitoringConfig | null> {
  const res = await fetch('/api/monitoring/config', { headers: { accept: 'application/json' } });
  return res.ok ? ((await res.json()) as MonitoringConfig) : null;
}
