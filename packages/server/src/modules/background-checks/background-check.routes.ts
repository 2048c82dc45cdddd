import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adverseActionBodySchema,
  adverseActionResultSchema,
  disputeBodySchema,
  disputeReplyBodySchema,
  backgroundCheckLinkSchema,
  backgroundCheckReportSchema,
  backgroundCheckViewSchema,
  recordConsentBodySchema,
} from '@touchline/contracts/background-checks';
import {
  requirementActionResultSchema,
  requirementMemberQuerySchema,
} from '@touchline/contracts/requirement-completion';
import { runAndPayBodySchema } from '@touchline/contracts/member-payments';
import { requireRequestContext } from '../../authz/request-context.ts';
import { readUploads } from '../../requirement-core/requirement-upload.ts';
import { deleteAttachment, uploadBackgroundCheckReport } from '../requirements/requirement-files.service.ts';
import { disputeBackgroundCheck, replyToDispute, startAdverseAction } from './background-check-adverse.ts';
import {
  backgroundCheckById,
  backgroundCheckLink,
  recordConsent,
  runBackgroundCheck,
} from './background-check.service.ts';
import { runAndPayBackgroundCheck } from './background-check.pay.ts';
import { backgroundCheckReport } from './background-check-report.ts';

const base = '/api/app/requirement';
const byQuery = { params: z.object({ id: z.uuid('Not an id') }), querystring: requirementMemberQuerySchema };
const viewResponse = { 200: backgroundCheckViewSchema };

/**
 * The member's background-check calls (spec §7 "Requirements", issue 20): `{id}` is the definition, the `plaId`
 * query the member. Thin: each hands the composition root's deps and the actor to its use case.
 */
export async function backgroundCheckRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ref = (req: { params: { id: string }; query: { plaId: string } }) => ({
    definitionId: req.params.id,
    plaId: req.query.plaId,
  });

  routes.get(
    `${base}/:id/background-check-by-id`,
    { schema: { ...byQuery, response: viewResponse } },
    async (req) => backgroundCheckById(app.deps, await requireRequestContext(req), ref(req)),
  );
  routes.post(
    `${base}/:id/record-consent`,
    { schema: { ...byQuery, body: recordConsentBodySchema, response: viewResponse } },
    async (req) =>
      recordConsent(app.deps, await requireRequestContext(req), {
        ...ref(req),
        body: req.body,
        ipAddress: req.ip ?? null,
      }),
  );
  routes.post(
    `${base}/:id/run-background-check`,
    { schema: { ...byQuery, response: viewResponse } },
    async (req) => runBackgroundCheck(app.deps, await requireRequestContext(req), ref(req)),
  );
  routes.post(
    `${base}/:id/run-and-pay-background-check-user`,
    { schema: { ...byQuery, body: runAndPayBodySchema, response: viewResponse } },
    async (req) =>
      runAndPayBackgroundCheck(app.deps, await requireRequestContext(req), {
        ...ref(req),
        paymentMethodId: req.body.paymentMethodId,
      }),
  );
  routes.get(
    `${base}/:id/get-background-check-link`,
    { schema: { ...byQuery, response: { 200: backgroundCheckLinkSchema } } },
    async (req) => backgroundCheckLink(app.deps, await requireRequestContext(req), ref(req)),
  );
  routes.get(
    `${base}/:id/background-check-report/:plaId`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not an id'), plaId: z.uuid('Choose a member') }),
        response: { 200: backgroundCheckReportSchema },
      },
    },
    async (req) =>
      backgroundCheckReport(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.params.plaId,
      }),
  );
  routes.post(
    `${base}/:id/background-check-adverse-action/:plaId`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not an id'), plaId: z.uuid('Choose a member') }),
        body: adverseActionBodySchema,
        response: { 200: adverseActionResultSchema },
      },
    },
    async (req) =>
      startAdverseAction(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.params.plaId,
        body: req.body,
      }),
  );
  routes.post(
    `${base}/:id/background-check-dispute-reply/:plaId`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not an id'), plaId: z.uuid('Choose a member') }),
        body: disputeReplyBodySchema,
        response: { 200: adverseActionResultSchema },
      },
    },
    async (req) =>
      replyToDispute(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.params.plaId,
        body: req.body,
      }),
  );
  routes.post(
    `${base}/:id/background-check-dispute`,
    { schema: { ...byQuery, body: disputeBodySchema, response: { 200: adverseActionResultSchema } } },
    async (req) =>
      disputeBackgroundCheck(app.deps, await requireRequestContext(req), { ...ref(req), body: req.body }),
  );
  routes.post(
    `${base}/:id/upload-background-check-report`,
    { schema: { ...byQuery, response: { 200: requirementActionResultSchema } } },
    async (req) =>
      uploadBackgroundCheckReport(app.deps, await requireRequestContext(req), {
        ...ref(req),
        read: () => readUploads(req),
      }),
  );
  routes.delete(
    `${base}/:id/background-check-report-uploaded/:fileId`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not an id'), fileId: z.uuid('Not an id') }),
        querystring: requirementMemberQuerySchema,
        response: { 200: requirementActionResultSchema },
      },
    },
    async (req) =>
      deleteAttachment(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        fileId: req.params.fileId,
        kind: 'background-check-report',
      }),
  );
}
