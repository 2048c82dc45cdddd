import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardCheckSchema,
  cardParamsSchema,
  checkInBodySchema,
  checkInListSchema,
  checkInSchema,
  checkerLabelBodySchema,
  checkerLabelsSchema,
  clearanceCardSchema,
  gameDayKeysSchema,
  gameParamsSchema,
  offlinePackSchema,
  revokeCardsBodySchema,
  rosterSchema,
  verifyCardBodySchema,
} from '@touchline/contracts/game-day';
import { z } from 'zod';
import { requireRequestContext } from '../../authz/request-context.ts';
import { clearanceCardPdf } from './card-pdf.ts';
import { getCard, getKeys, revokeCards, verifyCard } from './game-day.service.ts';
import { listCheckIns, recordCheckIn, teamRoster } from './game-day-check-ins.service.ts';
import { offlinePack } from './game-day-offline.service.ts';
import { checkerLabels, setCheckerLabel } from './game-day-settings.service.ts';

const base = '/api/app/game-day';

/** Game day (issue 33, ADR 044): clearance cards, their keys and revocation, check-ins at a game, team rosters. */
export async function gameDayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    `${base}/cards/:profileLevelAccessId`,
    { schema: { params: cardParamsSchema, response: { 200: clearanceCardSchema } } },
    async (request) =>
      getCard(deps, await requireRequestContext(request), request.params.profileLevelAccessId),
  );

  r.get(
    `${base}/cards/:profileLevelAccessId/pdf`,
    { schema: { params: cardParamsSchema } },
    async (request, reply) => {
      const card = await getCard(
        deps,
        await requireRequestContext(request),
        request.params.profileLevelAccessId,
      );
      const name = `clearance-card-${card.name}.pdf`.replace(/[^A-Za-z0-9.-]+/g, '_');
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${name}"`)
        .send(Buffer.from(await clearanceCardPdf(card)));
    },
  );

  r.get(`${base}/keys`, { schema: { response: { 200: gameDayKeysSchema } } }, async (request) =>
    getKeys(deps, await requireRequestContext(request)),
  );

  r.post(
    `${base}/cards/revoke`,
    { schema: { body: revokeCardsBodySchema, response: { 200: z.object({ revoked: z.number() }) } } },
    async (request) =>
      revokeCards(deps, await requireRequestContext(request), request.body.profileLevelAccessId),
  );

  r.post(
    `${base}/cards/verify`,
    { schema: { body: verifyCardBodySchema, response: { 200: cardCheckSchema } } },
    async (request) => verifyCard(deps, await requireRequestContext(request), request.body.token),
  );

  r.get(
    `${base}/games/:levelId/:gameOn/check-ins`,
    { schema: { params: gameParamsSchema, response: { 200: checkInListSchema } } },
    async (request) => listCheckIns(deps, await requireRequestContext(request), request.params),
  );

  r.post(
    `${base}/games/:levelId/:gameOn/check-ins`,
    {
      schema: {
        params: gameParamsSchema,
        body: checkInBodySchema,
        response: { 200: checkInSchema, 201: checkInSchema },
      },
    },
    async (request, reply) => {
      const { created, checkIn } = await recordCheckIn(
        deps,
        await requireRequestContext(request),
        request.params,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(checkIn);
    },
  );

  r.get(
    `${base}/teams/:levelId/roster`,
    { schema: { params: z.object({ levelId: z.uuid('Not a level id') }), response: { 200: rosterSchema } } },
    async (request) => teamRoster(deps, await requireRequestContext(request), request.params.levelId),
  );

  r.get(
    `${base}/teams/:levelId/offline-pack`,
    {
      schema: {
        params: z.object({ levelId: z.uuid('Not a level id') }),
        response: { 200: offlinePackSchema },
      },
    },
    async (request) => offlinePack(deps, await requireRequestContext(request), request.params.levelId),
  );

  r.get(`${base}/checker-labels`, { schema: { response: { 200: checkerLabelsSchema } } }, async (request) =>
    checkerLabels(deps, await requireRequestContext(request)),
  );

  r.put(
    `${base}/checker-labels/:id`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not a role id') }),
        body: checkerLabelBodySchema,
        response: { 200: checkerLabelsSchema.shape.items.element },
      },
    },
    async (request) =>
      setCheckerLabel(
        deps,
        await requireRequestContext(request),
        request.params.id,
        request.body.checksMembersIn,
      ),
  );
}
