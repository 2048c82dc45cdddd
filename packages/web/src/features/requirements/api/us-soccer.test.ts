import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { setUssfId } from './us-soccer.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const session200 = { status: 200, body: signedInWebSession(testClaims()) };
const profile = '0d3c7a0e-0000-4000-8000-000000000001';
const pla = '0d3c7a0e-0000-4000-8000-000000000002';

describe('set-ussf-id (spec §5: true on 204, false on 400)', () => {
  it('is saved on 204 and refused with the field message on 400', async () => {
    const server = serveGlobally({
      'GET /api/session': session200,
      [`POST /api/app/profile/${profile}/set-ussf-id`]: (call) =>
        JSON.parse(call.body ?? '{}').ussfId === '1000000000000001'
          ? { status: 204 }
          : validationFailed({ field: 'ussfId', in: 'body', message: 'A US Soccer id is 16 digits' }),
    });
    await session.reload();
    expect(await setUssfId(profile, pla, '1000000000000001')).toEqual({ ok: true });
    expect(await setUssfId(profile, pla, '123')).toEqual({
      ok: false,
      message: 'A US Soccer id is 16 digits',
    });
    expect(JSON.parse(server.callsTo('POST', `/api/app/profile/${profile}/set-ussf-id`)[0]!.body!)).toEqual({
      profileLevelAccessId: pla,
      ussfId: '1000000000000001',
    });
  });
});
