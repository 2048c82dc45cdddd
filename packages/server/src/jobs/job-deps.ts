import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';

/**
 * What every job handler receives: the deps the routes hand to use cases (src/deps.ts, ADR 028), built once by
 * whoever runs the workers (the server after listen, or the `npm run worker` process). Typed as the slice the
 * handlers use, so the queue's own tests and bench can run it with no storage or identity.
 */
export type JobDeps = Pick<Deps, 'db' | 'jobs' | 'transport' | 'appUrl' | 'log' | 'integrations'>;

/** The handlers' dependencies from a built app: what the in-process workers run with. */
export function jobDepsOf(app: FastifyInstance): Deps {
  return app.deps;
}
