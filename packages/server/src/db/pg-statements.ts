import type pg from 'pg';
import { dbSpan, tracingActive } from '../tracing/tracer.ts';

type QueryConfig = { text: string; name?: string };

/**
 * A node-postgres pool whose statements outside transactions are named prepared statements (ADR 026): node-postgres
 * then parses each text once per connection and afterwards sends only bind and execute, so the server neither parses
 * nor plans it again (after five runs PostgreSQL may keep a generic plan, as for any prepared statement). The first
 * `max` distinct texts get a name; later ones run unnamed, so no connection ever holds more than `max` statements.
 * Transactions (`pool.connect()`) and text-only calls are untouched. It is the same pool object behind a proxy, so
 * `instanceof pg.Pool` still holds (Drizzle starts transactions on a connection of its own because of it).
 */
const proxies = new WeakMap<pg.Pool, pg.Pool>();

export function poolWithNamedStatements(pool: pg.Pool, max = 500): pg.Pool {
  // One per pool: two Drizzle clients over one pool must not give one name to two texts.
  const known = proxies.get(pool);
  if (known) return known;
  const names = new Map<string, string>();
  const named = (config: QueryConfig): QueryConfig => {
    if (config.name) return config;
    let name = names.get(config.text);
    if (!name) {
      if (names.size >= max) return config;
      name = `touchline_${names.size + 1}`;
      names.set(config.text, name);
    }
    return { ...config, name };
  };
  const query = (config: unknown, ...rest: unknown[]) => {
    const run = () =>
      (pool.query as (...args: unknown[]) => unknown)(
        typeof config === 'object' && config !== null && typeof (config as QueryConfig).text === 'string'
          ? named(config as QueryConfig)
          : config,
        ...rest,
      );
    return traced(config, rest, run);
  };
  // A transaction's connection: its statements are spans too (tracing only; the connection is otherwise untouched).
  const connect = (...args: unknown[]) => {
    const connecting = (pool.connect as (...a: unknown[]) => unknown)(...args);
    if (args.length > 0 || !tracingActive()) return connecting;
    return (connecting as Promise<pg.PoolClient>).then(traceClient);
  };
  const proxy = new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'connect') return connect;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  proxies.set(pool, proxy);
  return proxy;
}

/** Runs a statement in a database span when tracing is on and the call is the promise form (no callback). */
function traced(config: unknown, rest: unknown[], run: () => unknown): unknown {
  if (!tracingActive() || typeof rest.at(-1) === 'function') return run();
  const text =
    typeof config === 'string'
      ? config
      : typeof config === 'object' && config
        ? (config as QueryConfig).text
        : '';
  return dbSpan(text, () => run() as Promise<unknown>);
}

const tracedClients = new WeakSet<pg.PoolClient>();

/** A pooled connection whose promise-form statements are spans (once per connection: the pool reuses it). */
function traceClient(client: pg.PoolClient): pg.PoolClient {
  if (tracedClients.has(client)) return client;
  tracedClients.add(client);
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (config: unknown, ...rest: unknown[]) => traced(config, rest, () => original(config, ...rest)),
  });
  return client;
}
