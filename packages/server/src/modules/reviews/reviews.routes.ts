import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirementMemberQuerySchema } from '@touchline/contracts/requirement-completion';
import {
  adjacentReviewQuerySchema,
  adjacentReviewResponseSchema,
  bulkReviewBodySchema,
  pendingReviewCountSchema,
  reviewBodySchema,
  reviewDetailSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewResultSchema,
  reverseDisqualificationBodySchema,
} from '@touchline/contracts/reviews';
import { requireRequestContext } from '../../authz/request-context.ts';
import { bulkReview } from './reviews.bulk.ts';
import { reverseDisqualification } from './reviews.reverse.ts';
import {
  adjacentReview,
  listReviews,
  pendingReviewCountOf,
  reviewDetail,
  reviewRequirement,
} from './reviews.service.ts';

const base = '/api/app/requirement';
const id = z.uuid('Not an id');
const byOrg = { params: z.object({ orgId: id }) };

/**
 * The reviewer's calls (spec §7, ADR 015): the badge count, the Pending/Historical list, the review page, the
 * Next/Previous walk, one decision and the bulk decision. `{id}` is the requirement definition, `plaId` the member,
 * as in every requirement call (ADR 014).
 */
export async function reviewRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${base}/pending-review-count/:orgId`,
    { schema: { ...byOrg, response: { 200: pendingReviewCountSchema } } },
    async (req) =>
      pendingReviewCountOf(app.deps, await requireRequestContext(req), { orgId: req.params.orgId }),
  );
  routes.get(
    `${base}/review-requirements/:orgId`,
    { schema: { ...byOrg, querystring: reviewListQuerySchema, response: { 200: reviewListResponseSchema } } },
    async (req) =>
      listReviews(app.deps, await requireRequestContext(req), { ...req.query, orgId: req.params.orgId }),
  );
  routes.get(
    `${base}/adjacent-review-requirement`,
    { schema: { querystring: adjacentReviewQuerySchema, response: { 200: adjacentReviewResponseSchema } } },
    async (req) => adjacentReview(app.deps, await requireRequestContext(req), req.query),
  );
  routes.get(
    `${base}/:id/review`,
    {
      schema: {
        params: z.object({ id }),
        querystring: requirementMemberQuerySchema,
        response: { 200: reviewDetailSchema },
      },
    },
    async (req) =>
      reviewDetail(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );
  routes.post(
    `${base}/:id/review/:plaId`,
    {
      schema: {
        params: z.object({ id, plaId: id }),
        body: reviewBodySchema,
        response: { 200: reviewResultSchema },
      },
    },
    async (req) =>
      reviewRequirement(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.params.plaId,
        body: req.body,
      }),
  );
  routes.post(
    `${base}/:id/review/:plaId/reverse-disqualification`,
    {
      schema: {
        params: z.object({ id, plaId: id }),
        body: reverseDisqualificationBodySchema,
        response: { 200: reviewResultSchema },
      },
    },
    async (req) =>
      reverseDisqualification(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.params.plaId,
        reviewNotes: req.body.reviewNotes,
      }),
  );
  routes.post(
    `${base}/bulk-review`,
    {
      schema: { body: bulkReviewBodySchema, response: { 200: reviewResultSchema } },
      bodyLimit: 4 * 1024 * 1024,
    },
    async (req) => bulkReview(app.deps, await requireRequestContext(req), req.body),
  );
}
