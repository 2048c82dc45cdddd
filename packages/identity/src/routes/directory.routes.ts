import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmInvitedAddress,
  findDirectoryUser,
  findDirectoryUserByEmail,
  setUserContext,
  updateUserNames,
} from '../accounts/directory.ts';
import type { ResolvedIdentityConfig } from '../config.ts';
import { AccountRequestError } from './errors.ts';

const userParams = z.object({ id: z.uuid() });
const contextBody = z.object({
  currentProfileId: z.uuid().nullable(),
  roles: z.array(z.string().min(1).max(64)).max(16),
});
const confirmBody = z.object({ email: z.string().min(3).max(320), password: z.string().min(1).max(1000) });
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
}
