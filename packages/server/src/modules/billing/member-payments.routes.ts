import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awaitingPaymentSchema,
  bulkPaymentBodySchema,
  memberPaymentSchema,
} from '@touchline/contracts/member-payments';
import { requireRequestContext } from '../../authz/request-context.ts';
import { awaitingPayment, payForRequirements } from './member-payments.service.ts';

const base = '/api/app/requirement';

/**
 * The Requirements payment calls of spec §7: GET awaiting-payment-by-individual/{plaId} (what the member owes) and
 * POST bulk-payment (the member or their guardian pays for several at once). Thin: deps, actor, use case.
 */
export async function memberPaymentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${base}/awaiting-payment-by-individual/:plaId`,
    {
      schema: {
        params: z.object({ plaId: z.uuid('Choose a member') }),
        response: { 200: awaitingPaymentSchema },
      },
    },
    async (req) => awaitingPayment(app.deps, await requireRequestContext(req), { plaId: req.params.plaId }),
  );
  routes.post(
    `${base}/bulk-payment`,
    { schema: { body: bulkPaymentBodySchema, response: { 200: memberPaymentSchema } } },
    async (req) => payForRequirements(app.deps, await requireRequestContext(req), req.body),
  );
}
