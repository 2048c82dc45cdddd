import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLabelBodySchema,
  labelIdParamsSchema,
  managedLabelsResponseSchema,
  orderLabelsBodySchema,
  updateLabelBodySchema,
} from '@touchline/contracts/labels';
import { memberLabelSchema } from '@touchline/contracts/member-admin';
import { requireRequestContext } from '../../authz/request-context.ts';
import { createLabel, deleteLabel, listManagedLabels, orderLabels, updateLabel } from './labels.service.ts';

const base = '/api/app/labels';
const noContent = { 204: z.null() };

/**
 * Managing the organization's role labels ("renamable role labels, one default"): the management list, add,
 * rename / make default / change role, delete and reorder. GET /api/app/labels itself is the members module's.
 */
export async function labelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    `${base}/management`,
    { schema: { response: { 200: managedLabelsResponseSchema } } },
    async (request) => listManagedLabels(deps, await requireRequestContext(request)),
  );

  r.post(
    base,
    { schema: { body: createLabelBodySchema, response: { 201: memberLabelSchema } } },
    async (request, reply) => {
      const label = await createLabel(deps, await requireRequestContext(request), request.body);
      return reply.status(201).send(label);
    },
  );

  r.put(
    `${base}/order`,
    { schema: { body: orderLabelsBodySchema, response: noContent } },
    async (request, reply) => {
      await orderLabels(deps, await requireRequestContext(request), request.body);
      return reply.status(204).send(null);
    },
  );

  r.put(
    `${base}/:id`,
    {
      schema: {
        params: labelIdParamsSchema,
        body: updateLabelBodySchema,
        response: { 200: memberLabelSchema },
      },
    },
    async (request) =>
      updateLabel(deps, await requireRequestContext(request), { ...request.body, ...request.params }),
  );

  r.delete(
    `${base}/:id`,
    { schema: { params: labelIdParamsSchema, response: noContent } },
    async (request, reply) => {
      await deleteLabel(deps, await requireRequestContext(request), request.params);
      return reply.status(204).send(null);
    },
  );
}
