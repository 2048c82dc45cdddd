import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuditEventSchema,
  adminIdParamsSchema,
  organizationSupportSessionParamsSchema,
  supportIncidentGrantBodySchema,
  supportIncidentGrantSchema,
  supportSessionHeader,
  supportSessionSchema,
} from '@touchline/contracts/admin';
import { listResponse, paginationQuerySchema } from '@touchline/contracts/pagination';
import { requireRequestContext } from '../../authz/request-context.ts';
import { isPlatformAdmin, recordSupportRequest, supportActorFor } from './support-access.service.ts';
import {
  endSupportSessionByOrganization,
  getSupportIncidentGrant,
  grantSupportIncidentAccess,
  listOrganizationSupportSessions,
  listSupportSessionAudit,
  withdrawSupportIncidentAccess,
} from './support-organization.service.ts';

type UnderSession = Pick<Awaited<ReturnType<typeof supportActorFor>>, 'session' | 'incidentRead'>;
const underSession = new WeakMap<FastifyRequest, UnderSession>();

/** Whether a route reads or writes an incident: its contents are never shown under support access. */
const isIncidentRoute = (url: string) => /^\/api\/app\/incident(\/|$)/.test(url);

/**
 * Support access on every authenticated route (issue 32, ADR 042): a platform administrator's request that names an
 * active support session in the {@link supportSessionHeader} header runs as the viewed person — read-only unless the
 * session allows writes, never an incident — and is audited in that organization's trail once answered. The /admin
 * API itself always runs as the administrator. The header means nothing on anyone else's request.
 */
export const supportAccess = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const header = request.headers[supportSessionHeader];
      const sessionId = Array.isArray(header) ? header[0] : header;
      if (!sessionId || !request.actor || request.routeOptions.config.adminArea) return;
      if (!isPlatformAdmin(request.actor)) return;
      const { actor, session, refusal, incidentRead } = await supportActorFor(
        app.deps,
        request.actor,
        sessionId,
        {
          write: !['GET', 'HEAD', 'OPTIONS'].includes(request.method),
          incident: isIncidentRoute(request.routeOptions.url ?? request.url),
        },
      );
      // Noted first, so a refused attempt is audited like any other request under the session.
      underSession.set(request, { session, incidentRead });
      if (refusal) throw refusal;
      request.actor = actor;
    });
    // Before the answer leaves (onSend, not onResponse): by the time the caller reads it, the organization's trail
    // already holds the request (on PostgreSQL an onResponse write was still under way when the next call came).
    app.addHook('onSend', async (request, reply, payload) => {
      const under = underSession.get(request);
      if (!under) return payload;
      await recordSupportRequest(app.deps, under.session, {
        incidentRead: under.incidentRead,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        statusCode: reply.statusCode,
        requestId: request.id,
      }).catch((error: unknown) => request.log.error({ err: error }, 'support access request not audited'));
      return payload;
    });
  },
  { name: 'support-access', dependencies: ['authenticate'] },
);

/** Whether a request runs under support access (the actor the support hook put in place). */
const underSupport = (request: FastifyRequest) => typeof request.actor?.claims.supportSessionId === 'string';

/**
 * What an organization's administrators see and decide of the platform's support access: every session, what was
 * done under one, ending one early, and whether support access may read incidents.
 */
export async function supportSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];
  const sessions = '/api/app/organization/:id/support-sessions';
  r.get(
    sessions,
    {
      schema: {
        tags,
        summary: "The platform's support access sessions in this organization, newest first (administrators)",
        params: adminIdParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: listResponse(supportSessionSchema) },
      },
    },
    async (request) =>
      listOrganizationSupportSessions(
        app.deps,
        await requireRequestContext(request),
        request.params.id,
        request.query,
      ),
  );

  r.get(
    `${sessions}/:sessionId/audit`,
    {
      schema: {
        tags,
        summary: 'What happened under one support session, newest first (administrators)',
        params: organizationSupportSessionParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: listResponse(adminAuditEventSchema) },
      },
    },
    async (request) =>
      listSupportSessionAudit(
        app.deps,
        await requireRequestContext(request),
        request.params.id,
        request.params.sessionId,
        request.query,
      ),
  );

  r.post(
    `${sessions}/:sessionId/end`,
    {
      schema: {
        tags,
        summary: 'Ends a support session in this organization now; audited (administrators)',
        params: organizationSupportSessionParamsSchema,
        response: { 200: supportSessionSchema },
      },
    },
    async (request) =>
      endSupportSessionByOrganization(
        app.deps,
        await requireRequestContext(request),
        request.params.id,
        request.params.sessionId,
      ),
  );

  const grant = '/api/app/organization/:id/support-incident-access';
  r.get(
    grant,
    {
      schema: {
        tags,
        summary: 'Whether support access may read incidents now, and until when (administrators)',
        params: adminIdParamsSchema,
        response: { 200: supportIncidentGrantSchema },
      },
    },
    async (request) =>
      getSupportIncidentGrant(app.deps, await requireRequestContext(request), request.params.id),
  );

  r.put(
    grant,
    {
      schema: {
        tags,
        summary: 'Lets support access read (never change) incidents for some hours; audited (administrators)',
        params: adminIdParamsSchema,
        body: supportIncidentGrantBodySchema,
        response: { 200: supportIncidentGrantSchema },
      },
    },
    async (request) =>
      grantSupportIncidentAccess(
        app.deps,
        await requireRequestContext(request),
        request.params.id,
        request.body,
        underSupport(request),
      ),
  );

  r.delete(
    grant,
    {
      schema: {
        tags,
        summary: 'Withdraws support access to incidents now; audited (administrators)',
        params: adminIdParamsSchema,
        response: { 200: supportIncidentGrantSchema },
      },
    },
    async (request) =>
      withdrawSupportIncidentAccess(
        app.deps,
        await requireRequestContext(request),
        request.params.id,
        underSupport(request),
      ),
  );
}
