import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { getUsSoccerLicenses } from './get-us-soccer-licenses.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const session200 = { status: 200, body: signedInWebSession(testClaims()) };

describe('the US Soccer license catalog', () => {
  it("fails with 'Failed to fetch US Soccer licenses: {status}'", async () => {
    serveGlobally({
      'GET /api/session': session200,
      'GET /api/app/content/us-soccer-licenses': {
        status: 503,
        body: { error: { code: 'x', message: 'down' } },
      },
    });
    await session.reload();
    await expect(getUsSoccerLicenses()).rejects.toThrow('Failed to fetch US Soccer licenses: 503');
  });
});
