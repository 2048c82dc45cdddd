import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountUserSchema } from '@touchline/contracts/account';
import {
  nameLastNameDobBodySchema,
  profileSchema,
  saveCitizenshipBodySchema,
  setDateOfBirthBodySchema,
  updateProfileBodySchema,
} from '@touchline/contracts/profiles';
import { setUssfIdBodySchema } from '@touchline/contracts/us-soccer';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  saveCitizenship,
  setDateOfBirth,
  setUssfId,
  updateOwnNames,
  updateProfile,
} from './profile-updates.service.ts';

const profileIdParams = z.object({ id: z.uuid({ message: 'id must be a profile id' }) });

/** The write calls of spec §7 "Profile": names, e-mail, date of birth and citizenship of a profile. */
export async function profileUpdateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/app/profile/name-last-name-dob',
    { schema: { body: nameLastNameDobBodySchema, response: { 200: accountUserSchema } } },
    async (request) => updateOwnNames(app.deps, await requireRequestContext(request), request.body),
  );

  r.put(
    '/api/app/profile/:id',
    { schema: { params: profileIdParams, body: updateProfileBodySchema, response: { 200: profileSchema } } },
    async (request) =>
      updateProfile(app.deps, await requireRequestContext(request), {
        profileId: request.params.id,
        changes: request.body,
      }),
  );

  r.post(
    '/api/app/profile/:id/set-date-of-birth',
    { schema: { params: profileIdParams, body: setDateOfBirthBodySchema } },
    async (request, reply) => {
      await setDateOfBirth(app.deps, await requireRequestContext(request), {
        ...request.body,
        profileId: request.params.id,
      });
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/app/profile/:id/set-ussf-id',
    { schema: { params: profileIdParams, body: setUssfIdBodySchema } },
    async (request, reply) => {
      await setUssfId(app.deps, await requireRequestContext(request), {
        ...request.body,
        profileId: request.params.id,
      });
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/app/profile/save-citizenship-data',
    { schema: { body: saveCitizenshipBodySchema } },
    async (request, reply) => {
      await saveCitizenship(app.deps, await requireRequestContext(request), request.body);
      return reply.code(204).send();
    },
  );
}
