import type pg from 'pg';

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
  const query = (config: unknown, ...rest: unknown[]) =>
    (pool.query as (...args: unknown[]) => unknown)(
      typeof config === 'object' && config !== null && typeof (config as QueryConfig).text === 'string'
        ? named(config as QueryConfig)
        : config,
      ...rest,
    );
  const proxy = new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  proxies.set(pool, proxy);
  return proxy;
}
