import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveProfile, ProfileLevelAccess } from '@touchline/contracts/profiles';
import type { Level } from '@touchline/contracts/hierarchy';
import type { ReviewListItem } from '@touchline/contracts/reviews';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { levelOptions, reviewLevels } from './level-filter.tsx';
import { ReviewsPage } from './reviews-page.tsx';

const orgId = '99999999-9999-4999-8999-999999999999';
const definitionId = '22222222-2222-4222-8222-222222222222';
const uuid = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;
const club: Level = { id: uuid(1), name: 'Club', parentId: null, depth: 0, sortOrder: 0 };
const north: Level = { id: uuid(2), name: 'North', parentId: club.id, depth: 1, sortOrder: 0 };
const south: Level = { id: uuid(3), name: 'South', parentId: club.id, depth: 1, sortOrder: 1 };
const lions: Level = { id: uuid(4), name: 'U10 Lions', parentId: north.id, depth: 2, sortOrder: 0 };
const counts = { childCount: 0, memberCount: 0 };
const actions = { createChild: false, rename: false, move: false, delete: false, reorder: false };

const access = (levelId: string, levelName: string, role: string | null): ProfileLevelAccess => ({
  id: uuid(5),
  profileId: uuid(8),
  organizationId: orgId,
  hierarchyLevelId: levelId,
  levelName,
  labelId: uuid(6),
  roleLabel: role ?? 'Player',
  role,
  groupMembershipStatus: 1,
  overallStatus: 0,
  externalId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const item = (n: number): ReviewListItem => ({
  key: uuid(n),
  memberRequirementId: uuid(n),
  definitionId,
  plaId: uuid(n),
  memberName: `Player ${n}`,
  requirementName: 'Birth certificate',
  requirementType: 0,
  reviewSource: 'ManualUpload',
  levelId: lions.id,
  levelName: lions.name,
  completedAt: '2026-11-20T10:00:00.000Z',
  decision: null,
});

const profile: ActiveProfile = {
  id: uuid(8),
  userId: uuid(9),
  organizationId: orgId,
  organizationPhoto: null,
  organizationName: 'League',
  organizationPaymentMethodProvided: false,
  organizationContent: [],
  userAwaitingIndividualPaymentContent: [],
  backgroundCheckPaymentInfo: [],
  aptPaymentInfo: [],
  hierarchyLevelId: club.id,
  currentLevelId: null,
  currentLevelName: null,
  currentLevelRole: null,
  firstName: 'Rita',
  lastName: 'Reviewer',
  email: 'rita@example.org',
  tabs: [],
  roles: ['Director'],
  levelRoles: [],
  remember: false,
  pendingReviewCount: 1,
  profileContactInformationId: null,
  profileId: uuid(8),
  profilePicture: null,
  profileLevelAccesses: [access(club.id, club.name, 'Director')],
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: null,
};

function serve() {
  const nav = (level: Level, ancestors: Level[], children: Level[]) => ({
    status: 200,
    body: {
      level: { ...level, ...counts },
      ancestors,
      children: children.map((c) => ({ ...c, ...counts })),
      actorRole: 'Director',
      allowedActions: actions,
    },
  });
  return serveGlobally({
    'GET /api/app/profile': { status: 200, body: profile },
    [`GET /api/app/hierarchy-level/${club.id}/navigation`]: nav(club, [], [north, south]),
    [`GET /api/app/hierarchy-level/${north.id}/navigation`]: nav(north, [club], [lions]),
    [`GET /api/app/requirement/review-requirements/${orgId}`]: {
      status: 200,
      body: { items: [item(7)], totalCount: 1 },
    },
    [`GET /api/app/requirement/${definitionId}/review`]: {
      status: 200,
      body: {
        item: item(7),
        member: {
          profileId: uuid(7),
          firstName: 'Player',
          lastName: '7',
          email: null,
          levelName: lions.name,
        },
        requirement: {
          name: 'Birth certificate',
          type: 0,
          instructions: '',
          status: 7,
          pendingReview: true,
          completedAt: item(7).completedAt,
          expiresAt: null,
        },
        files: [],
        formSubmission: null,
        decisions: [],
        events: [],
      },
    },
    'GET /api/app/requirement/adjacent-review-requirement': { status: 200, body: { item: null } },
  });
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the level filter of the review queue', () => {
  it('offers the levels in reach and sends the chosen one to the list and to Next/Previous', async () => {
    const server = serve();
    renderRoutes([{ path: '/reviews', element: <ReviewsPage /> }], '/reviews');
    const select = await screen.findByRole('combobox', { name: 'Level' });
    await screen.findByRole('option', { name: /North/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['All my levels', 'Club', 'North', 'South']);
    await userEvent.selectOptions(select, north.id);
    await waitFor(() =>
      expect(
        server
          .callsTo('GET', `/api/app/requirement/review-requirements/${orgId}`)
          .some((c) => new URL(c.path, 'http://x').searchParams.get('levelId') === north.id),
      ).toBe(true),
    );
    expect(await screen.findByRole('option', { name: /U10 Lions/ })).toBeInTheDocument();
    expect(select).toHaveValue(north.id);

    await userEvent.click(await screen.findByRole('button', { name: 'Next (N)' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/app/requirement/adjacent-review-requirement')).not.toHaveLength(0),
    );
    const walk = server.callsTo('GET', '/api/app/requirement/adjacent-review-requirement')[0]!;
    expect(new URL(walk.path, 'http://x').searchParams.get('levelId')).toBe(north.id);
  });

  it('reaches only director-level roles, and shows the path down to the chosen level', () => {
    const roots = reviewLevels([
      access(club.id, 'Club', 'Director'),
      access(south.id, 'South', 'Manager'),
      access(north.id, 'North', null),
      access(club.id, 'Club', 'Admin'),
    ]);
    expect(roots).toEqual([{ id: club.id, name: 'Club' }]);
    expect(levelOptions(roots, [club, north], [lions])).toEqual([
      { id: club.id, name: 'Club', indent: 0 },
      { id: north.id, name: 'North', indent: 1 },
      { id: lions.id, name: 'U10 Lions', indent: 2 },
    ]);
    expect(levelOptions([{ id: north.id, name: 'North' }], [club, north], [lions])).toEqual([
      { id: north.id, name: 'North', indent: 0 },
      { id: lions.id, name: 'U10 Lions', indent: 1 },
    ]);
  });
});
