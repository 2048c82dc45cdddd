import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirementMemberQuerySchema } from '@touchline/contracts/requirement-completion';
import {
  memberUsSoccerLicensesSchema,
  usSoccerLicenseCatalog,
  usSoccerLicensesResponseSchema,
} from '@touchline/contracts/us-soccer';
import {
  liveScanLocationBodySchema,
  liveScanLocationSchema,
  liveScanRequestFormQuerySchema,
  liveScanSubmitQuerySchema,
  liveScanUrlsResponseSchema,
} from '@touchline/contracts/live-scan';
import { requirementActionResultSchema } from '@touchline/contracts/requirement-completion';
import {
  abusePreventionCertificateQuerySchema,
  abusePreventionTrainingSchema,
  trainingLaunchQuerySchema,
  trainingCoursesSchema,
  trainingLaunchSchema,
} from '@touchline/contracts/abuse-prevention-training';
import { runAndPayBodySchema } from '@touchline/contracts/member-payments';
import { requireRequestContext } from '../../authz/request-context.ts';
import { uploadAbusePreventionCertificate } from './abuse-prevention.service.ts';
import { takeTrainingAndPay, takeTrainingUnlessOwed } from './abuse-prevention-training.pay.ts';
import {
  abusePreventionTrainingById,
  trainingCourses,
  trainingLaunchUrl,
} from './abuse-prevention-training.service.ts';
import {
  addLiveScanLocation,
  deleteLiveScanLocation,
  listLiveScanLocations,
  liveScanRequestForm,
  liveScanRequestFormPdf,
  submitLiveScan,
  updateLiveScanLocation,
} from './live-scan.service.ts';
import { readUploads } from './requirement-actions.routes.ts';
import { memberUsSoccerLicenses } from './us-soccer.service.ts';

const id = z.uuid('Not an id');
const organizationParams = z.object({ id: z.uuid('Not an organization id') });
const byQuery = { params: z.object({ id }), querystring: requirementMemberQuerySchema };

/**
 * The credential requirements' calls (ADR 032): the US Soccer license catalog and a member's licenses (LiveScan and
 * abuse-prevention training join here).
 */
export async function credentialRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/app/content/us-soccer-licenses',
    { schema: { response: { 200: usSoccerLicensesResponseSchema } } },
    async (req) => {
      // Any signed-in member of an organization: the grades a definition may ask for are the federation's, not ours.
      await requireRequestContext(req);
      return { items: [...usSoccerLicenseCatalog] };
    },
  );
  routes.get(
    '/api/app/requirement/:id/us-soccer-licenses',
    { schema: { ...byQuery, response: { 200: memberUsSoccerLicensesSchema } } },
    async (req) =>
      memberUsSoccerLicenses(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );

  routes.get(
    '/api/app/organization/:id/live-scan-urls',
    { schema: { params: organizationParams, response: { 200: liveScanUrlsResponseSchema } } },
    async (req) =>
      listLiveScanLocations(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  routes.post(
    '/api/app/organization/:id/live-scan-urls',
    {
      schema: {
        params: organizationParams,
        body: liveScanLocationBodySchema,
        response: { 201: liveScanLocationSchema },
      },
    },
    async (req, reply) => {
      const location = await addLiveScanLocation(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        body: req.body,
      });
      return reply.code(201).send(location);
    },
  );
  routes.put(
    '/api/app/organization/:id/live-scan-urls/:locationId',
    {
      schema: {
        params: organizationParams.extend({ locationId: id }),
        body: liveScanLocationBodySchema,
        response: { 200: liveScanLocationSchema },
      },
    },
    async (req) =>
      updateLiveScanLocation(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        locationId: req.params.locationId,
        body: req.body,
      }),
  );
  routes.delete(
    '/api/app/organization/:id/live-scan-urls/:locationId',
    { schema: { params: organizationParams.extend({ locationId: id }) } },
    async (req, reply) => {
      await deleteLiveScanLocation(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        locationId: req.params.locationId,
      });
      return reply.code(204).send();
    },
  );
  routes.get(
    '/api/app/requirement/:id/live-scan-request-form',
    { schema: { params: z.object({ id }), querystring: liveScanRequestFormQuerySchema } },
    async (req, reply) => {
      const form = await liveScanRequestForm(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        locationId: req.query.locationId,
      });
      const name = `livescan-request-${form.member.lastName}-${form.location.state}.pdf`.replace(
        /[^A-Za-z0-9.-]+/g,
        '_',
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(await liveScanRequestFormPdf(form));
    },
  );
  routes.post(
    '/api/app/requirement/:id/submit-live-scan',
    {
      schema: {
        params: z.object({ id }),
        querystring: liveScanSubmitQuerySchema,
        response: { 200: requirementActionResultSchema },
      },
    },
    async (req) =>
      submitLiveScan(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        atiNumber: req.query.atiNumber,
        read: () => readUploads(req),
      }),
  );
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
