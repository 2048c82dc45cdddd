import type { Account } from '@touchline/contracts/account';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { AccountSettingsPage } from './account-settings-page.tsx';

/** A fresh account: names and e-mail, nothing else saved yet. */
export const account: Account = {
  user: { id: 'user-1', firstName: 'Alex', lastName: 'Morgan', email: 'alex@example.org', dateOfBirth: null },
  profile: {
    photoUrl: null,
    photoName: null,
    photoExtension: null,
    profileContactInformationId: null,
    profileContactInformation: { email: null, address: null, city: null, phone: null, stateId: null },
    profileEmergencyContact: [],
  },
};

/** A saved emergency contact numbered n (1 to 9). */
export const contact = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: `Pat${n}`,
  lastName: 'Guardian',
  email: null,
  relationship: 'Parent',
  phone: '555 010 2030',
  profileId: 'profile-1',
});

/** Renders /account/settings signed in, against a fake server answering the account (and a token refresh). */
export function renderAccountSettings(
  routes: Parameters<typeof serveGlobally>[0],
  initial: Account = account,
) {
  const server = serveGlobally({
    'GET /api/app/account': { status: 200, body: initial },
    'POST /api/refresh-token': {
      status: 200,
      body: { token: fakeAccessToken(testClaims({ 'User/FirstName': 'Jo' })), authTime: Date.now() - 60_000 },
    },
    ...routes,
  });
  session.restore(signedInWebSession());
  renderRoutes([{ path: '/account/settings', element: <AccountSettingsPage /> }], '/account/settings');
  return server;
}

/** The JSON body of the first call to a path. */
export const firstBody = (server: ReturnType<typeof renderAccountSettings>, method: string, path: string) =>
  JSON.parse(server.callsTo(method, path)[0]?.body ?? 'null');
