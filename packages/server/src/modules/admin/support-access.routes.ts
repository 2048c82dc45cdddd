import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supportSessionHeader, supportSessionSchema } from '@touchline/contracts/admin';
import { listResponse, paginationQuerySchema } from '@touchline/contracts/pagination';
import { requireRequestContext } from '../../authz/request-context.ts';
import { adminIdParamsSchema } from '@touchline/contracts/admin';
import {
  isPlatformAdmin,
  listOrganizationSupportSessions,
  recordSupportRequest,
  supportActorFor,
} from './support-access.service.ts';

type SessionRow = Awaited<ReturnType<typeof supportActorFor>>['session'];
const underSession = new WeakMap<FastifyRequest, SessionRow>();

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
      const { actor, session, refusal } = await supportActorFor(app.deps, request.actor, sessionId, {
        write: !['GET', 'HEAD', 'OPTIONS'].includes(request.method),
        incident: isIncidentRoute(request.routeOptions.url ?? request.url),
      });
      // Noted first, so a refused attempt is audited like any other request under the session.
      underSession.set(request, session);
      if (refusal) throw refusal;
      request.actor = actor;
    });
    // Before the answer leaves (onSend, not onResponse): by the time the caller reads it, the organization's trail
    // already holds the request (on PostgreSQL an onResponse write was still under way when the next call came).
    app.addHook('onSend', async (request, reply, payload) => {
      const session = underSession.get(request);
      if (!session) return payload;
      await recordSupportRequest(app.deps, session, {
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

/** What an organization's administrators see of the platform's support access: every session, newest first. */
export async function supportSessionRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/app/organization/:id/support-sessions',
    {
      schema: {
        tags: ['organizations'],
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
}
