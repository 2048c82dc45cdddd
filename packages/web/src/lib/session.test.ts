import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenRefreshFailedMessage } from '@touchline/contracts/messages';
import { fakeServer } from '../test/fake-server.ts';
import { fakeAccessToken, signedInWebSession, signedOutWebSession, testClaims } from '../test/tokens.ts';
import { ApiError, createApiClient } from './api-client.ts';
import { createSessionStore, isSessionLoggedIn, sessionUser } from './session.ts';

type Routes = Parameters<typeof fakeServer>[0];

/** A session store over a fake server, wired to its own API client exactly as the app wires the real one. */
function setup(routes: Routes) {
  const server = fakeServer({
    'GET /api/logout-session-set': { status: 200, body: { logoutUrl: 'http://id.test/connect/endsession' } },
    ...routes,
  });
  const api = createApiClient({ fetch: server.fetch, sleep: async () => {} });
  const assign = vi.fn();
  const store = createSessionStore({ api, assign });
  api.setAuth({ getAccessToken: store.getAccessToken, onUnauthorized: store.handleUnauthorized });
  return { server, api, store, assign };
}

const expiredClaims = () => testClaims({ exp: Math.floor(Date.now() / 1000) - 10 });

afterEach(() => vi.restoreAllMocks());

describe('loading the session', () => {
  it('is not logged in before the session has loaded, then restores it from GET /api/session once', async () => {
    const { server, store } = setup({ 'GET /api/session': { status: 200, body: signedInWebSession() } });
    expect(isSessionLoggedIn(store.getSnapshot())).toBe(false);
    await Promise.all([store.ensureLoaded(), store.ensureLoaded()]);
    expect(server.callsTo('GET', '/api/session')).toHaveLength(1);
    const snapshot = store.getSnapshot();
    expect(isSessionLoggedIn(snapshot)).toBe(true);
    expect(snapshot.roles).toEqual(['Admin']);
    expect(sessionUser(snapshot)).toMatchObject({ firstName: 'Alex', displayName: 'Alex Morgan' });
  });

  it('a signed-out cookie, or a session endpoint that fails, leaves the user signed out', async () => {
    const signedOut = setup({ 'GET /api/session': { status: 200, body: signedOutWebSession } });
    await signedOut.store.ensureLoaded();
    expect(signedOut.store.getSnapshot()).toMatchObject({ loaded: true, token: null });

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = setup({ 'GET /api/session': { status: 500 } });
    await broken.store.ensureLoaded();
    expect(isSessionLoggedIn(broken.store.getSnapshot())).toBe(false);
    expect(broken.store.getSnapshot().loaded).toBe(true);
  });

  it('notifies subscribers when the session changes', async () => {
    const { store } = setup({ 'GET /api/session': { status: 200, body: signedInWebSession() } });
    const listener = vi.fn();
    store.subscribe(listener);
    await store.ensureLoaded();
    expect(listener).toHaveBeenCalled();
  });
});

describe('access tokens and refresh', () => {
  it('hands out a valid token as it is, and product API calls carry it as a Bearer token', async () => {
    const web = signedInWebSession();
    const { server, store, api } = setup({
      'GET /api/session': { status: 200, body: web },
      'GET /api/app/things': { status: 200, body: { ok: true } },
      'GET /api/system/info': { status: 200, body: {} },
    });
    await expect(store.getAccessToken()).resolves.toBe(web.token);
    await api.get('/api/app/things');
    await api.get('/api/system/info');
    expect(server.callsTo('GET', '/api/app/things')[0]?.headers.authorization).toBe(`Bearer ${web.token}`);
    expect(server.callsTo('GET', '/api/system/info')[0]?.headers.authorization).toBeUndefined();
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(0);
  });

  it('refreshes an expired token single-flight: two parallel calls make exactly one refresh request', async () => {
    const fresh = fakeAccessToken(testClaims({ 'User/FirstName': 'Alexandra' }));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, store } = setup({
      'GET /api/session': { status: 200, body: signedInWebSession(expiredClaims()) },
      'POST /api/refresh-token': async () => {
        await held;
        return { status: 200, body: { token: fresh, authTime: Date.now() - 1000 } };
      },
    });
    const both = Promise.all([store.getAccessToken(), store.getAccessToken()]);
    await vi.waitFor(() => expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1));
    release();
    await expect(both).resolves.toEqual([fresh, fresh]);
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
    expect(JSON.parse(server.callsTo('POST', '/api/refresh-token')[0]?.body ?? '{}')).toEqual({
      profileId: 'profile-1',
    });
    expect(sessionUser(store.getSnapshot()).firstName).toBe('Alexandra');
    // The next call uses the new token: no second refresh.
    await expect(store.getAccessToken()).resolves.toBe(fresh);
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
  });

  it('refreshes a little before expiry and sends an empty profileId when the user has no profile', async () => {
    const soon = testClaims({ exp: Math.floor(Date.now() / 1000) + 10, CurrentProfileId: null });
    const { server, store } = setup({
      'GET /api/session': { status: 200, body: signedInWebSession(soon) },
      'POST /api/refresh-token': { status: 200, body: { token: fakeAccessToken(), authTime: 1 } },
    });
    await store.getAccessToken();
    expect(JSON.parse(server.callsTo('POST', '/api/refresh-token')[0]?.body ?? '{}')).toEqual({
      profileId: '',
    });
  });

  it('a failed refresh logs the spec message, clears the session and signs out', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, store, api, assign } = setup({
      'GET /api/session': { status: 200, body: signedInWebSession(expiredClaims()) },
      'POST /api/refresh-token': {
        status: 401,
        body: { error: { code: 'authentication_required', message: 'No' } },
      },
    });
    const error = await api.get('/api/app/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(logged).toHaveBeenCalledWith(tokenRefreshFailedMessage, expect.objectContaining({ status: 401 }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://id.test/connect/endsession'));
    expect(server.callsTo('GET', '/api/logout-session-set')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/app/things')).toHaveLength(0);
    expect(store.getSnapshot().token).toBeNull();
  });

  it('a forced refresh that fails rejects (the caller decides) and still logs the spec message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, assign } = setup({
      'GET /api/session': { status: 200, body: signedInWebSession() },
      'POST /api/refresh-token': { status: 401 },
    });
    await store.ensureLoaded();
    await expect(store.refresh()).rejects.toBeInstanceOf(ApiError);
    expect(logged).toHaveBeenCalledWith(tokenRefreshFailedMessage, expect.anything());
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('401 and sign-out', () => {
  it('a 401 from the product API signs the user out once, even for parallel failures', async () => {
    const { server, store, api, assign } = setup({
      'GET /api/session': { status: 200, body: signedInWebSession() },
      'GET /api/app/things': {
        status: 401,
        body: { error: { code: 'authentication_required', message: 'No' } },
      },
    });
    const results = await Promise.allSettled([api.get('/api/app/things'), api.get('/api/app/things')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(server.callsTo('GET', '/api/logout-session-set')).toHaveLength(1);
    expect(isSessionLoggedIn(store.getSnapshot())).toBe(false);
  });

  it('with nobody signed in a product API call fails as 401 without a request and signs no one out', async () => {
    const { server, api, assign } = setup({ 'GET /api/session': { status: 200, body: signedOutWebSession } });
    const error = await api.get('/api/app/things').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(server.callsTo('GET', '/api/app/things')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('signOut ends the server session, forgets it here, and falls back to /signin when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ok = setup({ 'GET /api/session': { status: 200, body: signedInWebSession() } });
    await ok.store.ensureLoaded();
    await ok.store.signOut();
    expect(ok.assign).toHaveBeenCalledWith('http://id.test/connect/endsession');
    expect(ok.store.getSnapshot()).toMatchObject({ loaded: true, token: null, roles: [] });

    const failing = setup({
      'GET /api/session': { status: 200, body: signedInWebSession() },
      'GET /api/logout-session-set': { status: 400 },
    });
    await failing.store.signOut();
    expect(failing.assign).toHaveBeenCalledWith('/signin');
  });
});

describe('signing in', () => {
  it('posts the session to the cookie with migrated roles, authTime in ms and remember, then is logged in', async () => {
    const authTime = Math.floor(Date.now() / 1000) - 5;
    const token = fakeAccessToken(
      testClaims({ auth_time: authTime, 'User/Role': ['President', 'Operator'] }),
    );
    const { server, store } = setup({
      'GET /api/session': { status: 200, body: signedOutWebSession },
      'POST /api/active-user-session-set': { status: 204 },
    });
    await store.ensureLoaded();
    await store.signIn({ access_token: token, refresh_token: 'refresh-1' }, true);
    expect(JSON.parse(server.callsTo('POST', '/api/active-user-session-set')[0]?.body ?? '{}')).toEqual({
      token,
      refresh_token: 'refresh-1',
      authTime: authTime * 1000,
      roles: ['Admin', 'Manager'],
      remember: true,
    });
    expect(isSessionLoggedIn(store.getSnapshot())).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ remember: true, roles: ['Admin', 'Manager'] });
    expect(JSON.stringify(store.getSnapshot())).not.toContain('refresh-1');
  });

  it('stays signed out when the session cookie cannot be set', async () => {
    const { store } = setup({
      'GET /api/session': { status: 200, body: signedOutWebSession },
      'POST /api/active-user-session-set': {
        status: 400,
        body: { error: { code: 'validation_failed', message: 'Bad' } },
      },
    });
    await store.ensureLoaded();
    await expect(
      store.signIn({ access_token: fakeAccessToken(), refresh_token: 'r' }, false),
    ).rejects.toThrow('Bad');
    expect(store.getSnapshot().token).toBeNull();
  });
});
