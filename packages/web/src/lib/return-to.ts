/** Pages that must never be returned to after signing in (they would sign out again or loop). */
const noReturn = ['/signin', '/logout'];

/**
 * The in-app path to go to after signing in, from a `returnTo` query value. Only same-origin paths are taken
 * ('/x', never '//host' or 'https://…'), so a crafted sign-in link cannot send users to another site.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  const path = value.split(/[?#]/)[0] ?? '';
  return noReturn.includes(path) ? fallback : value;
}

/** The sign-in address that brings the user back to `path` afterwards. */
export function signInUrlFor(path: string): string {
  return path === '/' ? '/signin' : `/signin?returnTo=${encodeURIComponent(path)}`;
}
