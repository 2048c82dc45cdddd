import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRequestContext } from '../../authz/request-context.ts';
import { requirementActionResultSchema } from '@touchline/contracts/requirement-completion';
import {
  liveScanLocationBodySchema,
  liveScanLocationSchema,
  liveScanRequestFormQuerySchema,
  liveScanSubmitQuerySchema,
  liveScanUrlsResponseSchema,
} from '@touchline/contracts/live-scan';
import { readUploads } from '../../requirement-core/requirement-upload.ts';
import {
  addLiveScanLocation,
  deleteLiveScanLocation,
  listLiveScanLocations,
  liveScanRequestForm,
  liveScanRequestFormPdf,
  submitLiveScan,
  updateLiveScanLocation,
} from './live-scan.service.ts';

const id = z.uuid('Not an id');
const organizationParams = z.object({ id: z.uuid('Not an organization id') });

/** The LiveScan requirement's calls (ADR 032): the organization's list of locations, the request form, the receipt. */
export async function liveScanRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
}
