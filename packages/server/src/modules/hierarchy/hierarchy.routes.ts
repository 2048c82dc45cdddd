import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLevelBodySchema,
  levelIdParamsSchema,
  levelNavigationSchema,
  levelSchema,
  moveLevelBodySchema,
  moveTargetsResponseSchema,
  orderLevelChildrenBodySchema,
  renameLevelBodySchema,
} from '@touchline/contracts/hierarchy';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  createLevel,
  deleteLevel,
  getLevelNavigation,
  listMoveTargets,
  moveLevel,
  orderLevelChildren,
  renameLevel,
} from './hierarchy.service.ts';

const base = '/api/app/hierarchy-level';
const noContent = { 204: z.null() };

/** The level tree calls (spec §7 "Hierarchy"): navigation, and the admin's create, rename, move, order and delete. */
export async function hierarchyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    `${base}/:id/navigation`,
    { schema: { params: levelIdParamsSchema, response: { 200: levelNavigationSchema } } },
    async (request) => getLevelNavigation(deps, await requireRequestContext(request), request.params),
  );

  r.get(
    `${base}/:id/move-targets`,
    { schema: { params: levelIdParamsSchema, response: { 200: moveTargetsResponseSchema } } },
    async (request) => listMoveTargets(deps, await requireRequestContext(request), request.params),
  );

  r.post(
    base,
    { schema: { body: createLevelBodySchema, response: { 201: levelSchema } } },
    async (request, reply) => {
      const level = await createLevel(deps, await requireRequestContext(request), request.body);
      return reply.status(201).send(level);
    },
  );

  r.put(
    `${base}/:id`,
    { schema: { params: levelIdParamsSchema, body: renameLevelBodySchema, response: { 200: levelSchema } } },
    async (request) =>
      renameLevel(deps, await requireRequestContext(request), { ...request.body, ...request.params }),
  );

  r.post(
    `${base}/:id/move`,
    { schema: { params: levelIdParamsSchema, body: moveLevelBodySchema, response: { 200: levelSchema } } },
    async (request) =>
      moveLevel(deps, await requireRequestContext(request), { ...request.body, ...request.params }),
  );

  r.put(
    `${base}/:id/order`,
    { schema: { params: levelIdParamsSchema, body: orderLevelChildrenBodySchema, response: noContent } },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      await orderLevelChildren(deps, ctx, { ...request.body, ...request.params });
      return reply.status(204).send(null);
    },
  );

  r.delete(
    `${base}/:id`,
    { schema: { params: levelIdParamsSchema, response: noContent } },
    async (request, reply) => {
      await deleteLevel(deps, await requireRequestContext(request), request.params);
      return reply.status(204).send(null);
    },
  );
}
