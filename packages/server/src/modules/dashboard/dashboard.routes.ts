import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardInfoQuerySchema,
  dashboardInfoSchema,
  dashboardMembersQuerySchema,
  dashboardMembersResponseSchema,
} from '@touchline/contracts/dashboard';
import { levelIdParamsSchema } from '@touchline/contracts/hierarchy';
import { requireActorContext } from '../../authz/request-context.ts';
import { getDashboardInfo, listDashboardMembers } from './dashboard.service.ts';

const base = '/api/app/hierarchy-level';

/** The dashboard calls (spec §7 "Hierarchy"): the members under a level with their statuses, and its counts. */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    `${base}/:id/members`,
    {
      schema: {
        params: levelIdParamsSchema,
        querystring: dashboardMembersQuerySchema,
        response: { 200: dashboardMembersResponseSchema },
      },
    },
    async (request) =>
      listDashboardMembers(db, await requireActorContext(request), request.params.id, request.query),
  );

  r.get(
    `${base}/:id/dashboard-info`,
    {
      schema: {
        params: levelIdParamsSchema,
        querystring: dashboardInfoQuerySchema,
        response: { 200: dashboardInfoSchema },
      },
    },
    async (request) =>
      getDashboardInfo(db, await requireActorContext(request), request.params.id, request.query),
  );
}
