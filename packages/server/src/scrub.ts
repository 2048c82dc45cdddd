// The scrubbing shared by everything that leaves the server for monitoring (issue 32, ADR 042): Sentry events
// (modules/admin/error-monitoring.ts), the recent-error record, vendor paths on spans and OpenTelemetry spans
// (src/tracing). Kept apart from the Sentry SDK, and outside modules/ so integrations/ and the database layer may use it.

const emailPattern = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
const bearerPattern = /\b(Bearer\s+)[\w.~+/=-]+/gi;
const jwtPattern = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const secretParams = /([?&](?:token|code|key|password|secret|sentry_key)=)[^&#\s]*/gi;

/** A text with e-mail addresses, bearer tokens, JWTs and secret query values masked. */
export function scrubText(text: string): string {
  return text
    .replace(emailPattern, '[e-mail]')
    .replace(bearerPattern, '$1[token]')
    .replace(jwtPattern, '[token]')
    .replace(secretParams, '$1[redacted]');
}
