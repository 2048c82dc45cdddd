import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { dbSpan, tracingActive } from '../tracing/tracer.ts';

/** What Drizzle's PGlite driver calls on its client: a parameterized statement, or a transaction. */
export type PgliteClient = {
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  transaction: <T>(callback: (tx: Transaction) => Promise<T>) => Promise<T>;
};

/** The PGlite internals this wrapper holds while it talks the wire protocol itself (the same ones `query` takes). */
type Exclusive = {
  _checkReady: () => Promise<void>;
  _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
  _runExclusiveQuery: <T>(fn: () => Promise<T>) => Promise<T>;
};

type Statement = { name: string; types: number[] };

/** SQLSTATEs after which a cached statement is dropped and the query runs the ordinary way once. */
const staleStatement = new Set([
  '0A000', // cached plan must not change result type (a migration changed a table under it)
  '26000', // invalid statement name
]);

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

type Parsers = Record<number | string, (text: string, oid: number) => unknown>;
type Message = { name: string };
type RowDescription = Message & { fields: { name: string; dataTypeID: number }[] };
type DataRow = Message & { fields: (string | null)[] };
type CommandComplete = Message & { text: string };

/**
 * PGlite's parseResults for the one result set of one statement, without copying every parser into a new object for
 * each query (Drizzle passes its own few parsers with every call; that copy was a twelfth of a cached query's time).
 */
function resultOf<T>(messages: Message[], parsers: Parsers, options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers as Parsers | undefined;
  const asArray = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let handlers: (((text: string, oid: number) => unknown) | undefined)[] = [];
  const rows: unknown[] = [];
  const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as RowDescription).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      handlers = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
      result.fields = fields;
    } else if (message.name === 'dataRow') {
      const values = (message as DataRow).fields.map((text, i) => {
        const handler = handlers[i];
        return text === null || !handler ? text : handler(text, fields[i]!.dataTypeID);
      });
      if (asArray) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (const [i, f] of fields.entries()) row[f.name] = values[i];
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const parts = (message as CommandComplete).text.split(' ');
      const command = parts[0];
      const count = parseInt(parts[parts.length - 1]!, 10);
      if (command && ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command))
        result.affectedRows = count;
      Object.assign(result, { command }, Number.isNaN(count) ? {} : { rowCount: count });
    }
  }
  return result;
}

const wrapped = new WeakMap<PGlite, PgliteClient>();

/**
 * The embedded database's client with a prepared-statement cache (ADR 026). PGlite's own `query` parses, plans and
 * describes every statement again, in six calls into the engine; outside a transaction this client parses each SQL
 * text once as a named statement and then runs it in one call (bind, describe, execute, sync). On the request path
 * that is 5–7× less time per statement: most of it was planning and the calls themselves.
 *
 * Everything else is PGlite's: values are serialized by the parameter types the engine described, rows parsed by the
 * same parsers, errors are the same `DatabaseError`s with the query attached, and transactions run PGlite's own path.
 * At most `max` statements are kept, the least recently used closed (with the next statement sent). One client per PGlite instance, because
 * statement names belong to its one session.
 */
export function pgliteWithStatementCache(client: PGlite, max = 500): PgliteClient {
  const known = wrapped.get(client);
  if (known) return known;
  const engine = client as unknown as Exclusive;
  const statements = new Map<string, Statement>();
  const toClose: Uint8Array[] = [];
  let counter = 0;

  /** The statement for `text`, parsed now if new; undefined when it does not parse (the ordinary path reports it). */
  async function statementFor(text: string): Promise<Statement | undefined> {
    const cached = statements.get(text);
    if (cached) {
      statements.delete(text);
      statements.set(text, cached);
      return cached;
    }
    const name = `touchline_${++counter}`;
    let described;
    try {
      described = await client.execProtocol(
        concat([
          ...toClose.splice(0),
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch {
      return undefined;
    }
    const statement = { name, types: parse.parseDescribeStatementResults(described.messages) };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldest, old] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      toClose.push(serialize.close({ type: 'S', name: old.name }));
    }
    return statement;
  }

  /** One statement through the cache; `undefined` means "run it the ordinary way" (once the locks are released). */
  async function cachedQuery<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T> | undefined> {
    const statement = await statementFor(text);
    if (!statement) return undefined;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.types[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
    try {
      const { messages } = await client.execProtocol(
        concat([
          ...toClose.splice(0),
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return resultOf<T>(messages as Message[], client.parsers as Parsers, options);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && staleStatement.has(code)) {
        statements.delete(text);
        toClose.push(serialize.close({ type: 'S', name: statement.name }));
        return undefined;
      }
      // As PGlite's own query reports it (makePGliteError).
      throw Object.assign(e as object, { query: text, params, queryOptions: options });
    }
  }

  const cachedClient: PgliteClient = {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      // Blobs (COPY), custom parameter types and serializers take PGlite's own path, as does a statement that fails
      // to parse (so its error is exactly PGlite's).
      if (options?.blob || options?.paramTypes || options?.serializers)
        return dbSpan(text, () => client.query(text, params, options));
      return dbSpan(text, async () => {
        await engine._checkReady();
        const result = await engine._runExclusiveTransaction(() =>
          engine._runExclusiveQuery(() => cachedQuery<T>(text, params, options)),
        );
        return result ?? client.query<T>(text, params, options);
      });
    },
    // Inside a transaction the statements take PGlite's own path; with tracing on, each is a span too.
    transaction: (callback) =>
      client.transaction((tx) => callback(tracingActive() ? tracedTransaction(tx) : tx)),
  };
  wrapped.set(client, cachedClient);
  return cachedClient;
}

/** A PGlite transaction whose statements are database spans (the same object otherwise). */
function tracedTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === 'query')
        return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
          dbSpan(text, () => target.query<T>(text, params, options));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
