import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** An identity account as the product sees it (names, e-mail, whether the address is confirmed). */
export type DirectoryUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailConfirmed: boolean;
};

/** An account as the /admin area sees it (issue 32): the directory's fields plus its standing. */
export type AdminDirectoryUser = DirectoryUser & {
  platformAdmin: boolean;
  createdAt: Date;
  /** The latest sign-in block on the account, or null when it may sign in now. */
  lockedUntil: Date | null;
};

/** What granting or withdrawing the platform role did (the platform-admin CLI's outcomes). */
export type PlatformAdminOutcome = 'no_account' | 'unconfirmed' | 'granted' | 'revoked' | 'unchanged';

/** The platform administrator's account calls (issue 32): search, one account's standing, unlock, platform role. */
export type AdminDirectory = {
  searchUsers: (input: {
    query: string;
    limit: number;
    offset: number;
  }) => Promise<{ items: AdminDirectoryUser[]; totalCount: number }>;
  findAdminUser: (userId: string) => Promise<AdminDirectoryUser | null>;
  /** Lifts the account's sign-in blocks; false when no such account exists. */
  unlockUser: (userId: string, by: string) => Promise<boolean>;
  setPlatformAdmin: (input: { email: string; grant: boolean; by: string }) => Promise<PlatformAdminOutcome>;
};

/** A partner client's sign-in request waiting for the member (ADR 041), as identity answers it. */
export type PendingPartnerAuthorization = {
  id: string;
  clientId: string;
  clientName: string;
  provider: 'Test' | 'LeagueApps' | 'Amilia';
  partnerSite: string;
  partnerMemberId: string;
  scope: string;
  expiresAt: Date;
};

/** Partner sign-in's identity calls (ADR 041): read a pending request, answer it once, revoke a partner's grants. */
export type PartnerAuthorizationDirectory = {
  read: (id: string) => Promise<PendingPartnerAuthorization | null>;
  answer: (input: {
    id: string;
    userId: string;
    approve: boolean;
    ip?: string;
  }) => Promise<{ redirectUrl: string } | null>;
  revoke: (input: { userId: string; clientId: string }) => Promise<number>;
};

/**
 * The calls the product makes into the identity service besides tokens: read an account, switch its current profile
 * and organization roles (select-organization), rename it. Implemented in process when identity is mounted, over
 * HTTP with a service secret when it runs on its own host (identity-wiring.ts).
 */
export type IdentityDirectory = {
  findUser: (userId: string) => Promise<DirectoryUser | null>;
  findUserByEmail: (email: string) => Promise<DirectoryUser | null>;
  setUserContext: (
    userId: string,
    context: { currentProfileId: string | null; roles: readonly string[] },
  ) => Promise<void>;
  updateUserNames: (userId: string, names: { firstName: string; lastName: string }) => Promise<void>;
  /**
   * Confirms the address of the account registered for `email` with this `password`, on the product's word that
   * its holder followed an invitation e-mailed there (ADR 033); 'mismatch' when no such account has that password.
   */
  confirmInvitedAddress: (
    email: string,
    password: string,
  ) => Promise<'confirmed' | 'already-confirmed' | 'mismatch'>;
  /** The /admin area's calls; absent in a process that has no identity. */
  admin?: AdminDirectory;
  /** Partner sign-in's calls; absent in a process that has no identity. */
  partnerAuthorizations?: PartnerAuthorizationDirectory;
};

declare module 'fastify' {
  interface FastifyInstance {
    identityDirectory: IdentityDirectory;
  }
}

const directoryUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailConfirmed: z.boolean(),
});

/** The directory of an identity service on its own origin, called with the shared service secret. */
export function httpIdentityDirectory(origin: string, secret: string): IdentityDirectory {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/internal/directory${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`identity directory ${method} ${path} answered ${res.status}`);
    return res.status === 204 ? true : directoryUserSchema.parse(await res.json());
  };
  const user = (value: unknown) =>
    value === null || value === true ? null : directoryUserSchema.parse(value);
  return {
    admin: httpAdminDirectory(origin, secret),
    partnerAuthorizations: httpPartnerAuthorizations(origin, secret),
    findUser: async (userId) => user(await call('GET', `/users/${encodeURIComponent(userId)}`)),
    findUserByEmail: async (email) => user(await call('GET', `/users?email=${encodeURIComponent(email)}`)),
    setUserContext: async (userId, context) => {
      if ((await call('PUT', `/users/${encodeURIComponent(userId)}/context`, context)) === null)
        throw new Error('the identity account no longer exists');
    },
    confirmInvitedAddress: async (email, password) => {
      const res = await fetch(`${origin}/internal/directory/confirm-invited-address`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`identity directory confirm-invited-address answered ${res.status}`);
      return z
        .object({ result: z.enum(['confirmed', 'already-confirmed', 'mismatch']) })
        .parse(await res.json()).result;
    },
    updateUserNames: async (userId, names) => {
      if ((await call('PUT', `/users/${encodeURIComponent(userId)}/names`, names)) === null)
        throw new Error('the identity account no longer exists');
    },
  };
}

const adminUserSchema = directoryUserSchema.extend({
  platformAdmin: z.boolean(),
  createdAt: z.coerce.date(),
  lockedUntil: z.coerce.date().nullable(),
});

/** The /admin area's account calls to an identity service on its own origin, with the shared service secret. */
export function httpAdminDirectory(origin: string, secret: string): AdminDirectory {
  const call = async (method: string, path: string, body?: unknown) =>
    fetch(`${origin}/internal/directory/admin${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
  const ok = (res: Response, path: string) => {
    if (!res.ok && res.status !== 404) throw new Error(`identity directory ${path} answered ${res.status}`);
    return res.ok;
  };
  return {
    searchUsers: async ({ query, limit, offset }) => {
      const res = await call(
        'GET',
        `/users?${new URLSearchParams({ query, limit: `${limit}`, offset: `${offset}` })}`,
      );
      if (!ok(res, '/users')) return { items: [], totalCount: 0 };
      return z
        .object({ items: z.array(adminUserSchema), totalCount: z.number().int() })
        .parse(await res.json());
    },
    findAdminUser: async (userId) => {
      const res = await call('GET', `/users/${encodeURIComponent(userId)}`);
      return ok(res, '/users/{id}') ? adminUserSchema.parse(await res.json()) : null;
    },
    unlockUser: async (userId, by) =>
      ok(await call('POST', `/users/${encodeURIComponent(userId)}/unlock`, { by }), '/users/{id}/unlock'),
    setPlatformAdmin: async (input) => {
      const res = await call('POST', '/platform-admin', input);
      if (!res.ok) throw new Error(`identity directory /platform-admin answered ${res.status}`);
      return z
        .object({ outcome: z.enum(['no_account', 'unconfirmed', 'granted', 'revoked', 'unchanged']) })
        .parse(await res.json()).outcome;
    },
  };
}

const pendingSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  provider: z.enum(['Test', 'LeagueApps', 'Amilia']),
  partnerSite: z.string(),
  partnerMemberId: z.string(),
  scope: z.string(),
  expiresAt: z.coerce.date(),
});

/** Partner sign-in's calls to an identity service on its own origin, with the shared service secret. */
export function httpPartnerAuthorizations(origin: string, secret: string): PartnerAuthorizationDirectory {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/internal/directory${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`identity directory ${method} ${path} answered ${res.status}`);
    return (await res.json()) as unknown;
  };
  return {
    read: async (id) => {
      const found = await call('GET', `/authorization-requests/${encodeURIComponent(id)}`);
      return found === null ? null : pendingSchema.parse(found);
    },
    answer: async ({ id, ...body }) => {
      const found = await call('POST', `/authorization-requests/${encodeURIComponent(id)}/answer`, body);
      return found === null ? null : z.object({ redirectUrl: z.string() }).parse(found);
    },
    revoke: async (input) =>
      z.object({ revoked: z.number() }).parse(await call('POST', '/partner-grants/revoke', input)).revoked,
  };
}

/** Decorates the app with the identity directory main (or a test) chose. */
export const identityDirectoryPlugin = fp(
  async (app: FastifyInstance, opts: { directory: IdentityDirectory }) => {
    app.decorate('identityDirectory', opts.directory);
  },
  { name: 'identity-directory' },
);
