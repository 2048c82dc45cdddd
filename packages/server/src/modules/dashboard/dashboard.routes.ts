import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardExportQuerySchema,
  dashboardInfoQuerySchema,
  dashboardInfoSchema,
  dashboardMembersQuerySchema,
  dashboardMembersResponseSchema,
  navigationSearchQuerySchema,
  navigationSearchResponseSchema,
} from '@touchline/contracts/dashboard';
import { levelIdParamsSchema } from '@touchline/contracts/hierarchy';
import { sendRemindersBodySchema, sendRemindersResultSchema } from '@touchline/contracts/member-reminders';
import { requireRequestContext } from '../../authz/request-context.ts';
import { downloadFileName, streamStatusDownload } from './dashboard-export.ts';
import { getDashboardInfo, listDashboardMembers } from './dashboard.service.ts';
import { sendMemberReminders } from './member-reminders.service.ts';
import { searchNavigation } from './navigation-search.ts';

const base = '/api/app/hierarchy-level';
const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The dashboard calls (spec §7 "Hierarchy"): the members under a level with their statuses, its counts, and the
 * status download (spec §3 statusDownload; path ours, ADR 016).
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      listDashboardMembers(app.deps, await requireRequestContext(request), {
        ...request.query,
        levelId: request.params.id,
      }),
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
      getDashboardInfo(app.deps, await requireRequestContext(request), {
        ...request.query,
        levelId: request.params.id,
      }),
  );

  r.get(
    `${base}/:id/members/status-download`,
    { schema: { params: levelIdParamsSchema, querystring: dashboardExportQuerySchema } },
    async (request, reply) => {
      const { stream, levelName } = await streamStatusDownload(
        app.deps,
        await requireRequestContext(request),
        {
          ...request.query,
          levelId: request.params.id,
        },
      );
      const name = downloadFileName(levelName, request.query.format, new Date());
      return reply
        .header('content-type', contentTypes[request.query.format])
        .header(
          'content-disposition',
          `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.encoded}`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  r.post(
    `${base}/:id/members/send-reminders`,
    {
      schema: {
        params: levelIdParamsSchema,
        body: sendRemindersBodySchema,
        response: { 200: sendRemindersResultSchema },
      },
    },
    async (request) => {
      return sendMemberReminders(app.deps, await requireRequestContext(request), {
        ...request.body,
        levelId: request.params.id,
      });
    },
  );

  r.get(
    `${base}/search`,
    {
      schema: { querystring: navigationSearchQuerySchema, response: { 200: navigationSearchResponseSchema } },
    },
    async (request) =>
      searchNavigation(app.deps, await requireRequestContext(request), { q: request.query.q }),
  );
}
