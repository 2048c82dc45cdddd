/** Socket errors node-postgres passes through when the server or the network goes away. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs that mean "no usable connection", not "bad statement": class 08 (connection exception),
 * 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now: a restart or failover in progress).
 */
const sqlStates = /^(08\d{3}|57P0[123])$/;

/** Messages node-postgres and its pool raise without a code when a connection drops or cannot be made in time. */
const messages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether an error (or any error in its `cause` chain: Drizzle wraps driver errors) means the database is
 * unreachable, so the error handler answers 503 service_unavailable instead of a generic 500 (ADR 018).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (socketCodes.has(code) || sqlStates.test(code))) return true;
    if (messages.some((m) => e instanceof Error && e.message.includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
