import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UnprocessableError } from './yardstik-store.ts';

/**
 * A sub-account as the sandbox answers it: a partner account opens one per customer (Touchline: per organization)
 * with the customer's legal details, and Yardstik activates it after its own review. The field names follow
 * Yardstik's snake_case resources; the partner Accounts API itself could not be read (ADR 030).
 */
export type YardstikAccount = {
  id: string;
  object: 'account';
  name: string;
  legal_name: string;
  ein: string;
  external_id: string | null;
  status: 'pending' | 'active';
  permissible_purpose: string;
  address: { line1: string; line2: string | null; city: string; state: string; zip_code: string };
  owner: { first_name: string; last_name: string; email: string; phone: string | null };
  created_at: string;
  updated_at: string;
};

/** How long the sandbox takes to "review" a new sub-account before it is active (advance the clock past it). */
export const accountReviewMs = 60_000;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : ({} as Record<string, unknown>);

/** The sandbox's sub-accounts: created pending, active once the clock has passed their review time. */
export class YardstikAccounts {
  readonly accounts = new Map<string, YardstikAccount>();

  constructor(private readonly now: () => Date) {}

  /** Creates a sub-account from a request body, or says which fields are missing or wrong. */
  create(body: Record<string, unknown>): YardstikAccount {
    const address = record(body.address);
    const owner = record(body.owner);
    const fields: Record<string, string[]> = {};
    for (const [key, value] of [
      ['name', body.name],
      ['legal_name', body.legal_name],
      ['permissible_purpose', body.permissible_purpose],
      ['address.line1', address.line1],
      ['address.city', address.city],
      ['owner.first_name', owner.first_name],
      ['owner.last_name', owner.last_name],
    ] as const)
      if (!text(value)) fields[key] = ["can't be blank"];
    if (!/^\d{2}-\d{7}$/.test(text(body.ein))) fields.ein = ['must be formatted as 12-3456789'];
    if (!/^[A-Z]{2}$/.test(text(address.state))) fields['address.state'] = ['is invalid'];
    if (!/^\d{5}(-\d{4})?$/.test(text(address.zip_code))) fields['address.zip_code'] = ['is invalid'];
    if (!/^[^@\s]+@[^@\s]+$/.test(text(owner.email))) fields['owner.email'] = ['is invalid'];
    if (Object.keys(fields).length > 0) throw new UnprocessableError(fields);
    const at = this.now().toISOString();
    const account: YardstikAccount = {
      id: randomUUID(),
      object: 'account',
      name: text(body.name),
      legal_name: text(body.legal_name),
      ein: text(body.ein),
      external_id: text(body.external_id) || null,
      status: 'pending',
      permissible_purpose: text(body.permissible_purpose),
      address: {
        line1: text(address.line1),
        line2: text(address.line2) || null,
        city: text(address.city),
        state: text(address.state),
        zip_code: text(address.zip_code),
      },
      owner: {
        first_name: text(owner.first_name),
        last_name: text(owner.last_name),
        email: text(owner.email),
        phone: text(owner.phone) || null,
      },
      created_at: at,
      updated_at: at,
    };
    this.accounts.set(account.id, account);
    return account;
  }

  /** An account as it stands now (a pending one past its review time is active). */
  read(id: string): YardstikAccount | undefined {
    const account = this.accounts.get(id);
    if (account?.status === 'pending') {
      const now = this.now();
      if (now.getTime() - Date.parse(account.created_at) >= accountReviewMs) {
        account.status = 'active';
        account.updated_at = now.toISOString();
      }
    }
    return account;
  }

  all(): YardstikAccount[] {
    return [...this.accounts.keys()].map((id) => this.read(id)!);
  }
}

/** `POST /accounts`, `GET /accounts` (with `query[external_id_eq]`) and `GET /accounts/{id}`. */
export function registerAccountRoutes(
  app: FastifyInstance,
  accounts: YardstikAccounts,
  list: (rows: YardstikAccount[], query: Record<string, string>) => unknown,
) {
  app.get<{ Querystring: Record<string, string> }>('/accounts', async (request) =>
    list(
      accounts.all().filter((a) => {
        const wanted = request.query['query[external_id_eq]'];
        return wanted === undefined || a.external_id === wanted;
      }),
      request.query,
    ),
  );
  app.post<{ Body: Record<string, unknown> }>('/accounts', async (request, reply) =>
    reply.code(201).send(accounts.create(request.body ?? {})),
  );
  app.get<{ Params: { id: string } }>('/accounts/:id', async (request, reply) => {
    const account = accounts.read(request.params.id);
    return account ?? reply.code(404).send({ error: 'Not Found', status: 404 });
  });
}
