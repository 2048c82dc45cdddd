import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRequestContext } from '../../authz/request-context.ts';
import { requirementActionResultSchema } from '@touchline/contracts/requirement-completion';
import { requirementMemberQuerySchema } from '@touchline/contracts/requirement-completion';
import {
  abusePreventionCertificateQuerySchema,
  abusePreventionTrainingSchema,
  trainingLaunchQuerySchema,
  trainingCoursesSchema,
  trainingLaunchSchema,
} from '@touchline/contracts/abuse-prevention-training';
import { runAndPayBodySchema } from '@touchline/contracts/member-payments';
import { readUploads } from '../../requirement-core/requirement-upload.ts';
import { uploadAbusePreventionCertificate } from './abuse-prevention.service.ts';
import { takeTrainingAndPay, takeTrainingUnlessOwed } from './abuse-prevention-training.pay.ts';
import {
  abusePreventionTrainingById,
  trainingCourses,
  trainingLaunchUrl,
} from './abuse-prevention-training.service.ts';

const id = z.uuid('Not an id');
const organizationParams = z.object({ id: z.uuid('Not an organization id') });
const byQuery = { params: z.object({ id }), querystring: requirementMemberQuerySchema };

/** The abuse-prevention training requirement's calls (ADR 032): the certificate, the course, taking and paying. */
export async function abusePreventionTrainingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/app/requirement/:id/upload-abuse-prevention-training-certificate',
    {
      schema: {
        params: z.object({ id }),
        querystring: abusePreventionCertificateQuerySchema,
        response: { 200: requirementActionResultSchema },
      },
    },
    async (req) =>
      uploadAbusePreventionCertificate(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        completedOn: req.query.completedOn,
        read: () => readUploads(req),
      }),
  );
  routes.get(
    '/api/app/requirement/:id/abuse-prevention-training-by-id',
    { schema: { ...byQuery, response: { 200: abusePreventionTrainingSchema } } },
    async (req) =>
      abusePreventionTrainingById(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );
  routes.get(
    '/api/app/organization/:id/training-courses',
    { schema: { params: organizationParams, response: { 200: trainingCoursesSchema } } },
    async (req) =>
      trainingCourses(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  routes.post(
    '/api/app/requirement/:id/abuse-prevention-take-training',
    { schema: { ...byQuery, response: { 200: abusePreventionTrainingSchema } } },
    async (req) =>
      takeTrainingUnlessOwed(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );
  routes.get(
    '/api/app/requirement/:id/get-training-url',
    {
      schema: {
        params: z.object({ id }),
        querystring: trainingLaunchQuerySchema,
        response: { 200: trainingLaunchSchema },
      },
    },
    async (req) =>
      trainingLaunchUrl(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        returnPath: req.query.returnPath,
      }),
  );
  routes.post(
    '/api/app/requirement/:id/abuse-prevention-take-training-and-pay-user',
    {
      schema: {
        ...byQuery,
        body: runAndPayBodySchema,
        response: { 200: abusePreventionTrainingSchema },
      },
    },
    async (req) =>
      takeTrainingAndPay(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        paymentMethodId: req.body.paymentMethodId,
      }),
  );
}
