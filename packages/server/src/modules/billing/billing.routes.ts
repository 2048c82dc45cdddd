import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingInformationBodySchema,
  billingInformationSchema,
  billingSummarySchema,
  cardSetupResponseSchema,
  invoicesPageSchema,
  savePaymentMethodBodySchema,
} from '@touchline/contracts/billing';
import {
  rolePaidRequirementsBodySchema,
  rolePaidRequirementsSchema,
} from '@touchline/contracts/member-payments';
import { organizationIdParamsSchema } from '@touchline/contracts/organizations';
import { requireActorContext } from '../../authz/request-context.ts';
import {
  billingInformationExists,
  getBillingInformation,
  getBillingSummary,
  listInvoices,
  saveBillingInformation,
  savePaymentMethod,
  startCardSetup,
} from './billing.service.ts';
import { getRolePaidRequirements, setRolePaidRequirements } from './member-payments.roles.ts';
import { memberPaymentRoutes } from './member-payments.routes.ts';

const base = '/api/app/organization/:id';
const context = async (request: FastifyRequest) => ({
  ...(await requireActorContext(request)),
  requestId: request.id,
});
const invoicesParams = organizationIdParamsSchema.extend({
  startingAfterId: z
    .string()
    .max(255, 'The invoice id is too long')
    .regex(/^[A-Za-z0-9_]*$/, 'The invoice id is not valid')
    .optional(),
});
/** The web's first page passes no id, or a placeholder some clients send for "none". */
const firstPage = (id: string | undefined) => (!id || ['null', 'undefined', '0'].includes(id) ? null : id);

/** The organization billing calls of spec §7 (under /api/app/organization), plus the summary and card calls. */
export async function billingRoutes(app: FastifyInstance) {
  await memberPaymentRoutes(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: organizationIdParamsSchema };
  routes.get(
    `${base}/role-paid-requirements`,
    { schema: { ...params, response: { 200: rolePaidRequirementsSchema } } },
    async (request) => getRolePaidRequirements(app.deps, await context(request), request.params.id),
  );
  routes.put(
    `${base}/role-paid-requirements`,
    {
      schema: {
        ...params,
        body: rolePaidRequirementsBodySchema,
        response: { 200: rolePaidRequirementsSchema },
      },
    },
    async (request) =>
      setRolePaidRequirements(app.deps, await context(request), request.params.id, request.body),
  );
  routes.post(
    `${base}/billing-information-exists`,
    { schema: { ...params, response: { 200: z.boolean() } } },
    async (request) =>
      billingInformationExists(app.deps, await context(request), { organizationId: request.params.id }),
  );
  routes.get(
    `${base}/billing-information`,
    { schema: { ...params, response: { 200: billingInformationSchema, 204: z.null() } } },
    async (request, reply) => {
      const info = await getBillingInformation(app.deps, await context(request), {
        organizationId: request.params.id,
      });
      return info ? info : reply.status(204).send(null);
    },
  );
  for (const [method, mode, status] of [
    ['POST', 'create', 201],
    ['PUT', 'replace', 200],
  ] as const)
    routes.route({
      method,
      url: `${base}/billing-information`,
      schema: {
        ...params,
        body: billingInformationBodySchema,
        response: { [status]: billingInformationSchema },
      },
      handler: async (request, reply) =>
        reply.status(status).send(
          await saveBillingInformation(app.deps, await context(request), {
            organizationId: request.params.id,
            info: request.body,
            mode,
          }),
        ),
    });
  routes.get(
    `${base}/billing`,
    { schema: { ...params, response: { 200: billingSummarySchema } } },
    async (request) =>
      getBillingSummary(app.deps, await context(request), { organizationId: request.params.id }),
  );
  routes.post(
    `${base}/payment-method/setup`,
    { schema: { ...params, response: { 201: cardSetupResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startCardSetup(app.deps, await context(request), { organizationId: request.params.id })),
  );
  routes.post(
    `${base}/payment-method`,
    { schema: { ...params, body: savePaymentMethodBodySchema, response: { 200: billingSummarySchema } } },
    async (request) =>
      savePaymentMethod(app.deps, await context(request), {
        organizationId: request.params.id,
        setupId: request.body.setupId,
      }),
  );
  for (const url of [`${base}/invoices/`, `${base}/invoices/:startingAfterId`])
    routes.get(
      url,
      { schema: { params: invoicesParams, response: { 200: invoicesPageSchema } } },
      async (request) =>
        listInvoices(app.deps, await context(request), {
          organizationId: request.params.id,
          startingAfter: firstPage(request.params.startingAfterId),
        }),
    );
}
