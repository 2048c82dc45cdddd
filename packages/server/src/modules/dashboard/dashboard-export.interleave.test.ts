import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { profiles } from '../../db/schema/index.ts';
import { seedScaleOrganization, type ScaleSeed } from '../../seeds/seed-scale.ts';

/**
 * ADR 026: a download never holds the database while its client reads. A client that stops reading after the first
 * bytes leaves the download unfinished, and a request issued meanwhile — on the embedded database's one connection
 * too — is answered before the download completes.
 */
describe('the status download and other requests', () => {
  let t: TestApp;
  let seed: ScaleSeed;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    // Enough members that the CSV (about a megabyte) outgrows the socket's and the streams' buffers.
    seed = await seedScaleOrganization(t.database, 6000);
    const userId = await t.createUser({ email: seed.adminEmail, currentProfileId: seed.adminProfileId });
    await t.database.db
      .update(profiles)
      .set({ appUserId: userId })
      .where(eq(profiles.id, seed.adminProfileId));
    auth = { authorization: `Bearer ${(await t.signIn(seed.adminEmail)).access_token}` };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  // Compressed (ADR 029), the download goes through brotli as a stream, with the same backpressure.
  it.each<[string, { 'accept-encoding'?: string }]>([
    ['as it is', {}],
    ['compressed', { 'accept-encoding': 'br' }],
  ])(
    'answers a request issued while a paused client holds a download (%s) open, before it ends',
    async (_, asked) => {
      const port = (t.app.server.address() as AddressInfo).port;
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        get(
          {
            port,
            path: `/api/app/hierarchy-level/${seed.rootLevelId}/members/status-download`,
            headers: { ...auth, ...asked },
          },
          resolve,
        ).on('error', reject),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(asked['accept-encoding']);
      await new Promise((resolve) => response.once('data', resolve));
      response.pause();
      let downloadEnded = false;
      const ended = new Promise((resolve) => response.on('end', resolve)).then(() => (downloadEnded = true));
      const tiles = t.app.inject({
        url: `/api/app/hierarchy-level/${seed.rootLevelId}/dashboard-info`,
        headers: auth,
      });
      // A download holding the database would keep the request waiting until the client reads again.
      const answered = await Promise.race([
        tiles.then((res) => res.statusCode),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
      ]);
      expect(answered).toBe(200);
      expect(downloadEnded).toBe(false);
      response.resume();
      await ended;
      await tiles;
    },
  );
});
