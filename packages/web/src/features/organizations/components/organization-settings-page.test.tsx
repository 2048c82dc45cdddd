import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { OrganizationSettingsPage } from './organization-settings-page.tsx';

const list = {
  items: [
    {
      id: 'org-1',
      initials: 'RY',
      name: 'Riverside Youth Soccer League',
      image: null,
      showCustomerConfiguredBackgroundCheckNotice: false,
      isDemo: true,
      reviewBackgroundChecksExternally: false,
      isPartner: false,
      profileId: 'profile-1',
    },
  ],
  totalCount: 1,
};
const stored = {
  id: 'file-1',
  purpose: 'photo',
  contentType: 'image/png',
  byteSize: 20480,
  originalName: 'crest.png',
  createdAt: '2026-11-23T10:00:00.000Z',
};
const notFound = { status: 404, body: { error: { code: 'not_found', message: 'File not found' } } };

const rootId = '11111111-1111-4111-8111-111111111111';
const navigation = (actorRole: string | null, ancestors = 0) => ({
  status: 200,
  body: {
    level: {
      id: rootId,
      name: 'League',
      parentId: null,
      depth: 0,
      sortOrder: 0,
      memberCount: 3,
      childCount: 0,
    },
    ancestors: Array.from({ length: ancestors }, (_, i) => ({
      id: `a-${i}`,
      name: 'Above',
      parentId: null,
      depth: i,
      sortOrder: 0,
    })),
    children: [],
    actorRole,
    allowedActions: { createChild: false, rename: false, move: false, delete: false, reorder: false },
  },
});

/** The active profile as GET /api/app/profile answers it; only the top level matters here. */
function activeProfileFixture() {
  return {
    id: 'profile-1',
    userId: 'user-1',
    organizationId: 'org-1',
    organizationPhoto: null,
    organizationName: 'Riverside Youth Soccer League',
    organizationPaymentMethodProvided: false,
    organizationContent: [],
    userAwaitingIndividualPaymentContent: [],
    backgroundCheckPaymentInfo: [],
    aptPaymentInfo: [],
    hierarchyLevelId: null,
    currentLevelId: null,
    currentLevelName: null,
    currentLevelRole: null,
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@example.org',
    tabs: [],
    roles: [],
    levelRoles: [],
    remember: false,
    pendingReviewCount: null,
    profileContactInformationId: null,
    profileId: 'profile-1',
    profilePicture: null,
    profileLevelAccesses: [],
    profilesWithPlas: [],
    partner: null,
    yardstikOnboardingStatus: null,
  };
}

function renderSettings(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    'GET /api/app/profile': { status: 200, body: { ...activeProfileFixture(), hierarchyLevelId: rootId } },
    [`GET /api/app/hierarchy-level/${rootId}/navigation`]: navigation('Admin'),
    'GET /api/app/organization/organization-list': { status: 200, body: list },
    'GET /api/app/organization/org-1/file-url-with-token/': notFound,
    ...routes,
  });
  renderRoutes(
    [{ path: '/organization/settings', element: <OrganizationSettingsPage /> }],
    '/organization/settings',
  );
  return server;
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('organization settings: the logo', () => {
  it('starts empty, refuses a file that is not an image, and uploads one that is', async () => {
    let hasLogo = false;
    const server = renderSettings({
      'GET /api/app/organization/org-1/file': () => (hasLogo ? { status: 200, body: stored } : notFound),
      'POST /api/app/organization/org-1/file': () => {
        hasLogo = true;
        return { status: 201, body: stored };
      },
    });
    expect(await screen.findByText(/No logo yet/)).toBeInTheDocument();
    const input = await screen.findByLabelText('Upload a logo');
    await userEvent.upload(input, new File(['%PDF'], 'minutes.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Upload a PNG, JPEG, WebP or GIF image')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/organization/org-1/file')).toHaveLength(0);

    await userEvent.upload(input, new File([new Uint8Array(8)], 'crest.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo is saved.')).toBeInTheDocument();
    expect(await screen.findByText('crest.png · 20 KB')).toBeInTheDocument();
    expect(screen.getByLabelText('Replace the logo')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/organization/org-1/file')[0]?.path).toContain('purpose=photo');
  });

  it('removes the logo only after confirmation', async () => {
    const user = userEvent.setup();
    let hasLogo = true;
    const server = renderSettings({
      'GET /api/app/organization/org-1/file': () => (hasLogo ? { status: 200, body: stored } : notFound),
      'DELETE /api/app/organization/org-1/file': () => {
        hasLogo = false;
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove the logo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the logo?' });
    expect(dialog).toHaveTextContent('Riverside Youth Soccer League’s initials');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/api/app/organization/org-1/file')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove the logo' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The logo is removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/No logo yet/)).toBeInTheDocument());
    expect(server.callsTo('DELETE', '/api/app/organization/org-1/file')).toHaveLength(1);
  });

  it('shows the server’s refusal, and an empty state without an organization', async () => {
    renderSettings({
      'GET /api/app/organization/org-1/file': notFound,
      'POST /api/app/organization/org-1/file': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'You do not have permission to do this' } },
      },
    });
    await userEvent.upload(
      await screen.findByLabelText('Upload a logo'),
      new File([new Uint8Array(8)], 'crest.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
  });

  it('says so when no organization is selected', async () => {
    renderSettings({
      'GET /api/app/organization/organization-list': { status: 200, body: { items: [], totalCount: 0 } },
    });
    expect(await screen.findByText(/No organization is selected/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create organization' })).toHaveAttribute(
      'href',
      '/organizations/new',
    );
  });

  it('shows a coach the logo but no upload or remove controls (the server refuses them)', async () => {
    renderSettings({
      [`GET /api/app/hierarchy-level/${rootId}/navigation`]: navigation(null, 2),
      'GET /api/app/organization/org-1/file': { status: 200, body: stored },
    });
    expect(
      await screen.findByText('Only administrators of the whole organization change its logo.'),
    ).toBeVisible();
    expect(await screen.findByText('crest.png · 20 KB')).toBeInTheDocument();
    expect(screen.queryByLabelText('Replace the logo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove the logo' })).toBeNull();
  });
});
