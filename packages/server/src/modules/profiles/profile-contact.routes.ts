import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emergencyContactsResponseSchema,
  profileContactDetailsSchema,
  replaceEmergencyContactsBodySchema,
  savedContactInformationSchema,
  updateContactInformationBodySchema,
} from '@touchline/contracts/account';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  getProfileContactDetails,
  replaceProfileEmergencyContacts,
  updateProfileContactInformation,
} from './profile-contact.service.ts';

const profileIdParams = z.object({ id: z.uuid({ message: 'id must be a profile id' }) });

/**
 * A profile's contact details by id (ours; the spec shows the fields only on the account): one's own or one's
 * child's, so a guardian completes the child's address and emergency contacts (issue 31).
 */
export async function profileContactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/profile/:id/contact-details',
    { schema: { params: profileIdParams, response: { 200: profileContactDetailsSchema } } },
    async (request) =>
      getProfileContactDetails(app.deps, await requireRequestContext(request), {
        profileId: request.params.id,
      }),
  );

  r.put(
    '/api/app/profile/:id/contact-information',
    {
      schema: {
        params: profileIdParams,
        body: updateContactInformationBodySchema,
        response: { 200: savedContactInformationSchema },
      },
    },
    async (request) =>
      updateProfileContactInformation(app.deps, await requireRequestContext(request), {
        profileId: request.params.id,
        body: request.body,
      }),
  );

  r.put(
    '/api/app/profile/:id/emergency-contacts',
    {
      schema: {
        params: profileIdParams,
        body: replaceEmergencyContactsBodySchema,
        response: { 200: emergencyContactsResponseSchema },
      },
    },
    async (request) =>
      replaceProfileEmergencyContacts(app.deps, await requireRequestContext(request), {
        profileId: request.params.id,
        body: request.body,
      }),
  );
}
