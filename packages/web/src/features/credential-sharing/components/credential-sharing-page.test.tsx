import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CredentialSharing, ReceivedCredentials } from '@touchline/contracts/credential-sharing';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { CredentialSharingPage } from './credential-sharing-page.tsx';

const profileId = '11111111-1111-4111-8111-111111111111';
const requirementId = '22222222-2222-4222-8222-222222222222';
const targetId = '33333333-3333-4333-8333-333333333333';
const shareId = '44444444-4444-4444-8444-444444444444';
const base = `/api/app/profile/${profileId}`;
const summary = {
  requirementType: 11,
  requirementName: 'US Soccer coaching license',
  result: 'Licensed',
  completedOn: '2026-03-02',
  validUntil: '2027-03-01',
  vendor: 'US Soccer',
  packageCode: 'coach-c',
  packageName: 'C coaching license',
  searches: null,
  sandbox: true,
};
const page = (shares: CredentialSharing['shares'] = []): CredentialSharing => ({
  profileId,
  memberName: 'Sam Okafor',
  credentials: [{ memberRequirementId: requirementId, summary }],
  destinations: [
    {
      profileId: targetId,
      organizationId: '55555555-5555-4555-8555-555555555555',
      organizationName: 'Hillcrest United',
      memberName: 'Sam Okafor',
    },
  ],
  shares,
});
const share = (revokedAt: string | null) => ({
  id: shareId,
  memberRequirementId: requirementId,
  targetProfileId: targetId,
  targetOrganizationName: 'Hillcrest United',
  summary,
  sharedAt: '2026-11-29T08:00:00.000Z',
  revokedAt,
  resumesOnRenewal: false,
});
const noneReceived: ReceivedCredentials = { items: [] };

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

function renderPage(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    [`GET ${base}/received-credentials`]: { status: 200, body: noneReceived },
    ...routes,
  });
  renderRoutes(
    [{ path: '/profile/:profileId/credential-sharing', element: <CredentialSharingPage /> }],
    `/profile/${profileId}/credential-sharing`,
  );
  return server;
}

describe('the credential sharing page', () => {
  it('shows exactly what would be shared, and shares only after the consent box is ticked', async () => {
    let current = page();
    const server = renderPage({
      [`GET ${base}/credential-sharing`]: () => ({ status: 200, body: current }),
      [`POST ${base}/credential-shares`]: () => {
        current = page([share(null)]);
        return { status: 201, body: share(null) };
      },
    });
    expect(
      await screen.findByRole('heading', { name: "Share Sam Okafor's credentials" }),
    ).toBeInTheDocument();
    expect(screen.getByText('C coaching license')).toBeInTheDocument();
    expect(screen.getByText(/vendor's sandbox/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share US Soccer coaching license…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share US Soccer coaching license?' });
    expect(within(dialog).getByText('What Hillcrest United will see')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Hillcrest United will not see the report, documents, certificates or photos behind it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByRole('checkbox')).toHaveAccessibleDescription(
      expect.stringContaining('Tick the box to consent'),
    );
    expect(server.callsTo('POST', `${base}/credential-shares`)).toHaveLength(0);
    // The consent covers the credential until the member stops sharing, its renewals included (ADR 049).
    expect(within(dialog).getByRole('checkbox')).toHaveAccessibleName(
      expect.stringContaining('When it is renewed here, Hillcrest United sees the renewed dates instead.'),
    );
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /I agree that Hillcrest United may see/ }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('US Soccer coaching license → Hillcrest United')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('POST', `${base}/credential-shares`)[0]?.body ?? 'null')).toEqual({
      memberRequirementId: requirementId,
      targetProfileId: targetId,
      consent: true,
    });
  }, 20_000);

  it('lists a background check’s searches among what would be shared', async () => {
    const check = {
      ...summary,
      requirementType: 3,
      requirementName: 'Background check',
      result: 'Clear',
      vendor: 'Yardstik',
      packageCode: 'pkg-1',
      packageName: 'Volunteer Standard',
      searches: ['SSN Trace', 'National Criminal Search'],
    };
    renderPage({
      [`GET ${base}/credential-sharing`]: {
        status: 200,
        body: { ...page(), credentials: [{ memberRequirementId: requirementId, summary: check }] },
      },
    });
    expect(await screen.findByText('SSN Trace, National Criminal Search')).toBeInTheDocument();
    expect(screen.getByText('Searches')).toBeInTheDocument();
  });

  it('says a share that lapsed by expiry resumes when renewed, and can stop it', async () => {
    const lapsed = { ...share('2026-11-29T09:00:00.000Z'), resumesOnRenewal: true };
    let current = page([lapsed]);
    const server = renderPage({
      [`GET ${base}/credential-sharing`]: () => ({ status: 200, body: current }),
      [`POST ${base}/credential-shares/${shareId}/revoke`]: () => {
        current = page([{ ...lapsed, resumesOnRenewal: false }]);
        return { status: 200, body: { ...lapsed, resumesOnRenewal: false } };
      },
    });
    expect(
      await screen.findByText(
        'It expired here before it was renewed. When it is renewed here, Hillcrest United sees it again, unless you stop sharing it.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing…' }));
    const ask = screen.getByRole('alertdialog', { name: 'Stop sharing with Hillcrest United?' });
    expect(ask).toHaveTextContent(
      'Hillcrest United will not see the US Soccer coaching license again when it is renewed here.',
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Stop sharing…' })).not.toBeInTheDocument(),
    );
    expect(server.callsTo('POST', `${base}/credential-shares/${shareId}/revoke`)).toHaveLength(1);
    expect(screen.queryByText(/When it is renewed here/)).not.toBeInTheDocument();
  });

  it('asks before it stops sharing; keeping it sends nothing', async () => {
    let current = page([share(null)]);
    const server = renderPage({
      [`GET ${base}/credential-sharing`]: () => ({ status: 200, body: current }),
      [`POST ${base}/credential-shares/${shareId}/revoke`]: () => {
        current = page([share('2026-11-29T09:00:00.000Z')]);
        return { status: 200, body: share('2026-11-29T09:00:00.000Z') };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing…' }));
    const ask = screen.getByRole('alertdialog', { name: 'Stop sharing with Hillcrest United?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep sharing' }));
    expect(server.callsTo('POST', `${base}/credential-shares/${shareId}/revoke`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing…' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stop sharing' }),
    );
    expect(await screen.findByText(/Stopped on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing…' })).not.toBeInTheDocument();
  }, 20_000);

  it('says when there is nothing to share or nowhere to share it, and shows a failed load', async () => {
    renderPage({
      [`GET ${base}/credential-sharing`]: {
        status: 200,
        body: { ...page(), credentials: [], destinations: [] },
      },
    });
    expect(await screen.findByText(/Nothing to share yet/)).toBeInTheDocument();
    expect(screen.getByText('Nothing has been shared.')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been shared with this organization.')).toBeInTheDocument();
  });

  it('shows a refusal from the server as an error', async () => {
    renderPage({
      [`GET ${base}/credential-sharing`]: {
        status: 403,
        body: {
          error: {
            code: 'forbidden',
            message: 'Only the member, or their guardian, may share their credentials',
          },
        },
      },
    });
    expect(
      await screen.findByText('Only the member, or their guardian, may share their credentials'),
    ).toBeInTheDocument();
  });

  it('with several organizations to share with, chooses none: the member picks one, and the consent names it', async () => {
    const otherId = '66666666-6666-4666-8666-666666666666';
    const several: CredentialSharing = {
      ...page(),
      destinations: [
        {
          profileId: otherId,
          organizationId: '77777777-7777-4777-8777-777777777777',
          organizationName: 'Billing FC',
          memberName: 'Sam Okafor',
        },
        ...page().destinations,
      ],
    };
    const server = renderPage({
      [`GET ${base}/credential-sharing`]: { status: 200, body: several },
      [`POST ${base}/credential-shares`]: { status: 201, body: share(null) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Share US Soccer coaching license…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share US Soccer coaching license?' });
    const select = within(dialog).getByRole('combobox', { name: 'Share with' });
    expect(select).toHaveValue('');
    expect(within(dialog).getByText('What the organization you choose will see')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(select).toHaveAccessibleDescription(expect.stringContaining('Choose where to share it'));
    await userEvent.selectOptions(select, targetId);
    expect(within(dialog).getByText('What Hillcrest United will see')).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /I agree that Hillcrest United may see/ }),
    );
    // Changing the organization takes the consent back: it named the other one.
    await userEvent.selectOptions(select, otherId);
    expect(
      within(dialog).getByRole('checkbox', { name: /I agree that Billing FC may see/ }),
    ).not.toBeChecked();
    await userEvent.selectOptions(select, targetId);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /I agree that Hillcrest United may see/ }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(server.callsTo('POST', `${base}/credential-shares`)).toHaveLength(1));
    expect(JSON.parse(server.callsTo('POST', `${base}/credential-shares`)[0]?.body ?? 'null')).toMatchObject({
      targetProfileId: targetId,
    });
  }, 20_000);
});
