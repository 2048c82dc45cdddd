function base64Url(json: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The claims a freshly signed-in test user carries: both policies accepted, valid for an hour. */
export function testClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return {
    sub: 'user-1',
    exp: nowSeconds + 3600,
    auth_time: nowSeconds - 60,
    'User/Role': 'Admin',
    'User/UserName': 'alex@example.org',
    'User/FirstName': 'Alex',
    'User/LastName': 'Morgan',
    'User/Email': 'alex@example.org',
    CurrentProfileId: 'profile-1',
    'User/TermsAccepted': 'true',
    'User/PrivacyAccepted': 'true',
    ...overrides,
  };
}

/** An unsigned JWT with the given claims: the browser only decodes tokens, so tests need no keys. */
export function fakeAccessToken(claims: Record<string, unknown> = testClaims()): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

/** The answer of GET /api/session for a signed-in test user. */
export function signedInWebSession(claims: Record<string, unknown> = testClaims()) {
  return { token: fakeAccessToken(claims), authTime: Date.now() - 60_000, roles: ['Admin'], remember: false };
}

/** The answer of GET /api/session when nobody is signed in. */
export const signedOutWebSession = { token: null, authTime: null, roles: [], remember: false };
