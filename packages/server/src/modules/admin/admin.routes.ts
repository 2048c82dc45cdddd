import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminActionResultSchema,
  adminAuditEventSchema,
  adminHealthSchema,
  adminIdParamsSchema,
  adminOrganizationDetailSchema,
  adminOrganizationPersonSchema,
  adminOrganizationQuerySchema,
  adminOrganizationSchema,
  adminPersonDetailSchema,
  adminPersonSchema,
  adminSearchQuerySchema,
  platformAdminBodySchema,
  startSupportSessionBodySchema,
  supportSessionSchema,
} from '@touchline/contracts/admin';
import { listResponse, paginationQuerySchema } from '@touchline/contracts/pagination';
import { requireActorRequestContext } from '../../authz/request-context.ts';
import { unauthenticated } from '../../errors.ts';
import { assertTouchlineAdmin, type AdminContext } from './admin-access.ts';
import {
  getHealth,
  getOrganization,
  getPerson,
  listOrganizationAudit,
  listOrganizations,
  listOrganizationPeople,
  searchPeople,
  sendAccountMail,
  setPersonPlatformAdmin,
  unlockPerson,
  type AccountMailSender,
} from './admin.service.ts';
import { endSupportSession, getSupportSession, startSupportSession } from './support-access.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the /admin API: always run as the platform administrator, never under a support session. */
    adminArea?: boolean;
  }
}

const tags = ['admin'];

/** The identity's own public mail calls, made in process (mounted identity or its proxy alike). */
function accountMailSender(app: FastifyInstance, request: FastifyRequest): AccountMailSender {
  return async (kind, email) => {
    const res = await app.inject({
      method: 'POST',
      url:
        kind === 'confirmation'
          ? '/api/app/app-users/resend-confirmation'
          : '/api/app/app-users/forgot-password',
      payload: { email },
      remoteAddress: request.ip,
    });
    if (res.statusCode >= 300) throw new Error(`the identity's ${kind} call answered ${res.statusCode}`);
  };
}

/**
 * The /admin API (issue 32): organizations, people, support access and health, for platform administrators only.
 * Anyone else gets 401 without a token and, with one, the same 404 an unknown route gets — before the input is
 * even read, so a probe learns nothing; nor does the public API document list them. Every route here runs as the
 * administrator, never under a support session.
 */
export async function adminRoutes(app: FastifyInstance) {
  // Marked as the admin area, and left out of the public OpenAPI document (/api/docs): listing them would be the
  // hint the 404 avoids.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, adminArea: true };
    route.schema = { ...route.schema, hide: true };
  });
  app.addHook('onRequest', async (request) => {
    if (!request.actor) throw unauthenticated();
    assertTouchlineAdmin(request.actor, request.method, request.url);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = (request: FastifyRequest): AdminContext => requireActorRequestContext(request);

  r.get(
    '/api/app/admin/organizations',
    {
      schema: {
        tags,
        summary: 'Every organization: search, filter and page (platform administrators)',
        querystring: adminOrganizationQuerySchema,
        response: { 200: listResponse(adminOrganizationSchema) },
      },
    },
    async (request) => listOrganizations(app.deps, request.query),
  );

  r.get(
    '/api/app/admin/organizations/:id',
    {
      schema: {
        tags,
        summary: "An organization's page: tree, members, compliance, vendors, billing, webhooks",
        params: adminIdParamsSchema,
        response: { 200: adminOrganizationDetailSchema },
      },
    },
    async (request) => getOrganization(app.deps, request.params.id),
  );

  r.get(
    '/api/app/admin/organizations/:id/people',
    {
      schema: {
        tags,
        summary: "An organization's people with their roles, to view as (platform administrators)",
        params: adminIdParamsSchema,
        querystring: adminSearchQuerySchema,
        response: { 200: listResponse(adminOrganizationPersonSchema) },
      },
    },
    async (request) => listOrganizationPeople(app.deps, request.params.id, request.query),
  );

  r.get(
    '/api/app/admin/organizations/:id/audit',
    {
      schema: {
        tags,
        summary: "An organization's audit trail, newest first (platform administrators)",
        params: adminIdParamsSchema,
        querystring: paginationQuerySchema.extend({
          entityType: z
            .string()
            .regex(/^[a-z_]{1,40}$/, 'must be an entity type')
            .optional(),
        }),
        response: { 200: listResponse(adminAuditEventSchema) },
      },
    },
    async (request) => listOrganizationAudit(app.deps, request.params.id, request.query),
  );

  r.get(
    '/api/app/admin/people',
    {
      schema: {
        tags,
        summary: 'Accounts across every organization by e-mail or name (platform administrators)',
        querystring: adminSearchQuerySchema,
        response: { 200: listResponse(adminPersonSchema) },
      },
    },
    async (request) => searchPeople(app.deps, request.query),
  );

  r.get(
    '/api/app/admin/people/:id',
    {
      schema: {
        tags,
        summary: 'One account and its memberships (platform administrators)',
        params: adminIdParamsSchema,
        response: { 200: adminPersonDetailSchema },
      },
    },
    async (request) => getPerson(app.deps, request.params.id),
  );

  for (const [path, kind] of [
    ['resend-confirmation', 'confirmation'],
    ['password-reset', 'password-reset'],
  ] as const)
    r.post(
      `/api/app/admin/people/:id/${path}`,
      {
        schema: {
          tags,
          summary:
            kind === 'confirmation'
              ? 'Resends the e-mail confirmation link; audited (platform administrators)'
              : 'Starts a password reset: the link is e-mailed to the person; audited (platform administrators)',
          params: adminIdParamsSchema,
          response: { 200: adminActionResultSchema },
        },
      },
      async (request) =>
        sendAccountMail(app.deps, ctxOf(request), request.params.id, kind, accountMailSender(app, request)),
    );

  r.post(
    '/api/app/admin/people/:id/unlock',
    {
      schema: {
        tags,
        summary: "Lifts an account's sign-in blocks; audited (platform administrators)",
        params: adminIdParamsSchema,
        response: { 200: adminPersonSchema },
      },
    },
    async (request) => unlockPerson(app.deps, ctxOf(request), request.params.id),
  );

  r.put(
    '/api/app/admin/people/:id/platform-admin',
    {
      schema: {
        tags,
        summary: 'Grants or withdraws TouchlineAdmin by the platform-admin CLI rules; audited',
        params: adminIdParamsSchema,
        body: platformAdminBodySchema,
        response: { 200: adminActionResultSchema },
      },
    },
    async (request) =>
      setPersonPlatformAdmin(app.deps, ctxOf(request), request.params.id, request.body.grant),
  );

  r.post(
    '/api/app/admin/support-sessions',
    {
      schema: {
        tags,
        summary:
          'Starts viewing an organization as one of its people: reason, time box, read-only by default',
        body: startSupportSessionBodySchema,
        response: { 201: supportSessionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startSupportSession(app.deps, ctxOf(request), request.body)),
  );

  r.get(
    '/api/app/admin/support-sessions/:id',
    {
      schema: {
        tags,
        summary: "One of the administrator's own support sessions (the banner)",
        params: adminIdParamsSchema,
        response: { 200: supportSessionSchema },
      },
    },
    async (request) => getSupportSession(app.deps, ctxOf(request), request.params.id),
  );

  r.post(
    '/api/app/admin/support-sessions/:id/end',
    {
      schema: {
        tags,
        summary: 'Ends a support session now; audited in the organization',
        params: adminIdParamsSchema,
        response: { 200: supportSessionSchema },
      },
    },
    async (request) => endSupportSession(app.deps, ctxOf(request), request.params.id),
  );

  r.get(
    '/api/app/admin/health',
    {
      schema: {
        tags,
        summary: 'Queue depths, dead letters, vendor circuits, webhook lag and mail backlog',
        response: { 200: adminHealthSchema },
      },
    },
    async () => getHealth(app.deps),
  );
}
