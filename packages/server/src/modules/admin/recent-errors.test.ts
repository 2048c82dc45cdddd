import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { errorMonitoring } from './monitoring.routes.ts';
import { recentErrorWindowMs, recentErrors, recordServerError } from './recent-errors.ts';

// The health page's recent errors (issue 32, ADR 042): the server's own record of its 5xx faults, kept without any
// DSN, scrubbed like a Sentry event, grouped alike with counts; a client's error is not a fault.

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorMonitoring, { dsn: undefined, environment: 'test', release: 'test-1' });
  app.get('/recent/:id', async (request) => {
    const { id } = request.params as { id: string };
    throw new Error(`Row ${id} of coach.carter@example.org failed with Bearer abc.def.ghi after 3 tries`);
  });
  app.get('/recent-refused', async () => {
    throw new AppError('forbidden', 'No');
  });
  await app.ready();
}, 60_000);

afterAll(() => app.close());

const ours = () => recentErrors(Date.now(), 100).groups.filter((g) => g.route === '/recent/:id');

describe('the recent-error record', () => {
  it('groups alike faults with a count, scrubbed, without a DSN', async () => {
    for (const id of [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()])
      expect((await app.inject({ url: `/recent/${id}` })).statusCode).toBe(500);
    const [group, ...rest] = ours();
    expect(rest).toHaveLength(0);
    expect(group).toMatchObject({
      method: 'GET',
      name: 'Error',
      count: 3,
      message: 'Row <id> of [e-mail] failed with Bearer [token] after <n> tries',
    });
    expect(JSON.stringify(group)).not.toContain('coach.carter');
    expect(Date.parse(group?.lastSeenAt ?? '')).toBeGreaterThanOrEqual(Date.parse(group?.firstSeenAt ?? ''));
  });

  it('leaves out client errors and unknown routes', async () => {
    await app.inject({ url: '/recent-refused' });
    await app.inject({ url: '/no-such-route' });
    const routes = recentErrors(Date.now(), 100).groups.map((g) => g.route);
    expect(routes).not.toContain('/recent-refused');
    expect(routes).not.toContain('/no-such-route');
  });

  it('forgets a group a day after it last happened, and lists the most recent first', () => {
    const start = Date.now();
    recordServerError(new TypeError('old fault'), { route: '/old', method: 'POST', requestId: 'r1' }, start);
    recordServerError(
      new RangeError('new fault'),
      { route: '/new', method: 'PUT', requestId: 'r2' },
      start + 1000,
    );
    const listed = recentErrors(start + 2000, 100).groups.map((g) => g.route);
    expect(listed.indexOf('/new')).toBeLessThan(listed.indexOf('/old'));
    const later = recentErrors(start + recentErrorWindowMs + 500, 100).groups.map((g) => g.route);
    expect(later).toContain('/new');
    expect(later).not.toContain('/old');
  });
});
