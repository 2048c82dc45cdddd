import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertNoNulCharacters } from '@touchline/contracts/text';

/**
 * Refuses a NUL character in any decoded param, query value or parsed body, for every route registered after it
 * (the identity mount included) and before any schema or handler runs: PostgreSQL cannot store 0x00, so without
 * this one hook each such string was a 500 (ADR 020).
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => assertNoNulCharacters(request));
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });
