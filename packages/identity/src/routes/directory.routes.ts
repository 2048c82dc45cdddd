import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmInvitedAddress,
  findDirectoryUser,
  findDirectoryUserByEmail,
  setUserContext,
  setPlatformAdmin,
  updateUserNames,
} from '../accounts/directory.ts';
import {
  findAdminDirectoryUser,
  searchDirectoryUsers,
  unlockDirectoryUser,
} from '../accounts/admin-directory.ts';
import type { ResolvedIdentityConfig } from '../config.ts';
import {
  answerAuthorizationRequest,
  readAuthorizationRequest,
  revokePartnerGrants,
} from '../oauth/authorization.ts';
import { AccountRequestError } from './errors.ts';

const userParams = z.object({ id: z.uuid() });
const contextBody = z.object({
  currentProfileId: z.uuid().nullable(),
  roles: z.array(z.string().min(1).max(64)).max(16),
});
const confirmBody = z.object({ email: z.string().min(3).max(320), password: z.string().min(1).max(1000) });
const searchQuery = z.object({
  query: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100),
  offset: z.coerce.number().int().min(0),
});
const byBody = z.object({ by: z.string().min(1).max(300) });
const platformAdminBody = z.object({
  email: z.string().min(3).max(320),
  grant: z.boolean(),
  by: z.string().min(1).max(300),
});
const answerBody = z.object({ userId: z.uuid(), approve: z.boolean(), ip: z.string().max(100).optional() });
const revokeBody = z.object({ userId: z.uuid(), clientId: z.string().min(1).max(200) });
const namesBody = z.object({ firstName: z.string().min(1).max(100), lastName: z.string().min(1).max(100) });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The directory calls the product server makes when identity runs on its own host (ARCHITECTURE §1): switching the
 * current profile, renaming, reading an account. Server-to-server only: a shared service secret in a Bearer header,
 * never reachable from a browser token. Registered only when a secret is configured.
 */
export async function directoryRoutes(app: FastifyInstance, config: ResolvedIdentityConfig) {
  const secret = config.directorySecret;
  if (!secret) return;
  const guard = { config: { public: true } } as const;
  const check = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), secret))
      throw AccountRequestError.unauthenticated();
  };
  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw AccountRequestError.validation(
        parsed.error.issues.map((i) => ({
          field: i.path.join('.'),
          in: 'body' as const,
          message: i.message,
        })),
      );
    return parsed.data;
  };
  app.get('/internal/directory/users/:id', guard, async (request, reply) => {
    check(request);
    const user = await findDirectoryUser(config.db, parse(userParams, request.params).id);
    return user ?? reply.code(404).send({ error: { code: 'NotFound', message: 'User not found' } });
  });
  app.get('/internal/directory/users', guard, async (request, reply) => {
    check(request);
    const { email } = parse(z.object({ email: z.string().min(3).max(320) }), request.query);
    const user = await findDirectoryUserByEmail(config.db, email);
    return user ?? reply.code(404).send({ error: { code: 'NotFound', message: 'User not found' } });
  });
  app.put('/internal/directory/users/:id/context', guard, async (request, reply) => {
    check(request);
    const ok = await setUserContext(
      config.db,
      parse(userParams, request.params).id,
      parse(contextBody, request.body),
    );
    return reply.code(ok ? 204 : 404).send();
  });
  app.put('/internal/directory/users/:id/names', guard, async (request, reply) => {
    check(request);
    const ok = await updateUserNames(
      config.db,
      parse(userParams, request.params).id,
      parse(namesBody, request.body),
    );
    return reply.code(ok ? 204 : 404).send();
  });
  app.post('/internal/directory/confirm-invited-address', guard, async (request) => {
    check(request);
    const { email, password } = parse(confirmBody, request.body);
    return { result: await confirmInvitedAddress(config.db, email, password, config.now()) };
  });
  // Partner sign-in (ADR 041): the pending authorization request, the member's answer, revoking a partner's grants.
  app.get('/internal/directory/authorization-requests/:id', guard, async (request, reply) => {
    check(request);
    const pending = await readAuthorizationRequest(config, parse(userParams, request.params).id);
    return pending ?? reply.code(404).send({ error: { code: 'NotFound', message: 'Request not found' } });
  });
  app.post('/internal/directory/authorization-requests/:id/answer', guard, async (request, reply) => {
    check(request);
    const { id } = parse(userParams, request.params);
    const answered = await answerAuthorizationRequest(config, { id, ...parse(answerBody, request.body) });
    return answered ?? reply.code(404).send({ error: { code: 'NotFound', message: 'Request not found' } });
  });
  app.post('/internal/directory/partner-grants/revoke', guard, async (request) => {
    check(request);
    return { revoked: await revokePartnerGrants(config, parse(revokeBody, request.body)) };
  });
  // The /admin area's account calls (issue 32): search, one account's standing, unlock, the platform role.
  app.get('/internal/directory/admin/users', guard, async (request) => {
    check(request);
    const q = parse(searchQuery, request.query);
    return searchDirectoryUsers(config.db, { ...q, now: config.now() });
  });
  app.get('/internal/directory/admin/users/:id', guard, async (request, reply) => {
    check(request);
    const user = await findAdminDirectoryUser(config.db, parse(userParams, request.params).id, config.now());
    return user ?? reply.code(404).send({ error: { code: 'NotFound', message: 'User not found' } });
  });
  app.post('/internal/directory/admin/users/:id/unlock', guard, async (request, reply) => {
    check(request);
    const { by } = parse(byBody, request.body);
    const ok = await unlockDirectoryUser(config.db, parse(userParams, request.params).id, by);
    return reply.code(ok ? 204 : 404).send();
  });
  app.post('/internal/directory/admin/platform-admin', guard, async (request) => {
    check(request);
    return setPlatformAdmin(config.db, parse(platformAdminBody, request.body));
  });
}
