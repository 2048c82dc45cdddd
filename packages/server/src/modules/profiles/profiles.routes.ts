import type { FastifyInstance } from 'fastify';
import { partnerOfProfileSchema } from '@touchline/contracts/partners';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeProfileSchema,
  appUserQuerySchema,
  childProfilesResponseSchema,
  levelRolesResponseSchema,
  organizationAccessesQuerySchema,
  profileLevelAccessesResponseSchema,
  profileOrganizationsResponseSchema,
  profileSchema,
} from '@touchline/contracts/profiles';
import {
  findActorContext,
  requireActorRequestContext,
  requireRequestContext,
} from '../../authz/request-context.ts';
import { requireActor } from '../../plugins/authenticate.ts';
import { assertOwnUserId, getActiveProfile } from './active-profile.service.ts';
import {
  findPartner,
  getProfileByAccess,
  listAccessesByExternalId,
  listChildProfiles,
  listLevelRoles,
  listOrganizationAccesses,
  listProfileAccesses,
  listUserOrganizations,
} from './profiles.service.ts';

const profileIdParams = z.object({ profileId: z.uuid({ message: 'profileId must be a profile id' }) });
const accessIdParams = z.object({ id: z.uuid({ message: 'id must be a profile level access id' }) });

/** The read calls of spec §7 "Profile": the active profile, the user's organizations and the profile lookups. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/profile/level-roles',
    { schema: { response: { 200: levelRolesResponseSchema } } },
    async (request) => listLevelRoles(app.deps, requireActorRequestContext(request)),
  );

  // A user with no organization yet has no active profile: 204, which the client reads as "none" (spec §7: "204 or
  // empty body gives null"), so a newcomer's home is not an error in the browser's console.
  r.get(
    '/api/app/profile',
    {
      schema: { querystring: appUserQuerySchema, response: { 200: activeProfileSchema, 204: z.null() } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      assertOwnUserId(actor, request.query.AppUserId);
      const ctx = await findActorContext(request);
      if (!ctx) return reply.code(204).send(null);
      return getActiveProfile(
        app.deps,
        { ...ctx, requestId: request.id },
        { appUserId: request.query.AppUserId, claims: actor.claims },
      );
    },
  );

  r.get(
    '/api/app/profile/organizations',
    { schema: { querystring: appUserQuerySchema, response: { 200: profileOrganizationsResponseSchema } } },
    async (request) =>
      listUserOrganizations(app.deps, requireActorRequestContext(request), {
        appUserId: request.query.AppUserId,
      }),
  );

  r.get(
    '/api/app/profile/organization-profile-level-accesses',
    {
      schema: {
        querystring: organizationAccessesQuerySchema,
        response: { 200: profileLevelAccessesResponseSchema },
      },
    },
    async (request) =>
      listOrganizationAccesses(app.deps, requireActorRequestContext(request), {
        appUserId: request.query.AppUserId,
        organizationId: request.query.OrganizationId,
      }),
  );

  r.get(
    '/api/app/profile/:profileId/profile-level-accesses',
    { schema: { params: profileIdParams, response: { 200: profileLevelAccessesResponseSchema } } },
    async (request) =>
      listProfileAccesses(app.deps, await requireRequestContext(request), {
        profileId: request.params.profileId,
      }),
  );

  r.get(
    '/api/app/profile/by-profile-level-access/:id',
    { schema: { params: accessIdParams, response: { 200: profileSchema } } },
    async (request) =>
      getProfileByAccess(app.deps, await requireRequestContext(request), { accessId: request.params.id }),
  );

  // The spec's bare path (nothing after the slash) must reach the service too, for its 400 'externalId is required'.
  for (const url of [
    '/api/app/profile/plas-by-external-id/:externalId',
    '/api/app/profile/plas-by-external-id',
  ]) {
    r.get(
      url,
      {
        schema: {
          params: z.object({ externalId: z.string().max(200).optional() }),
          response: { 200: profileLevelAccessesResponseSchema },
        },
      },
      async (request) =>
        listAccessesByExternalId(app.deps, await requireRequestContext(request), {
          externalId: request.params.externalId,
        }),
    );
  }

  r.get(
    '/api/app/profile/child-profiles',
    { schema: { response: { 200: childProfilesResponseSchema } } },
    async (request) => listChildProfiles(app.deps, await requireRequestContext(request)),
  );

  // The partner a membership came from, or 204 when none, which the client's helper reads as null (spec §7).
  for (const url of [
    '/api/app/profile/partner-from-current-profile',
    '/api/app/profile/partner-from-current-profile/:profileLevelAccessId',
  ]) {
    r.get(
      url,
      { schema: { params: z.object({ profileLevelAccessId: z.uuid().optional() }) } },
      async (request, reply) => {
        const partner = await findPartner(app.deps, await requireRequestContext(request), {
          accessId: request.params.profileLevelAccessId,
        });
        return partner ? reply.send(partnerOfProfileSchema.parse(partner)) : reply.code(204).send();
      },
    );
  }
}
