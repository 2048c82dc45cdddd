import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';

export type { JobDeps } from '../deps.ts';

/** The handlers' dependencies from a built app: what the in-process workers run with. */
export function jobDepsOf(app: FastifyInstance): Deps {
  return app.deps;
}
