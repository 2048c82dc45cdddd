import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveProfile } from '@touchline/contracts/profiles';
import type { ReviewDetail, ReviewListItem } from '@touchline/contracts/reviews';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { pendingTabLabel } from './review-labels.ts';
import { ReviewsPage } from './reviews-page.tsx';
import { isTyping } from './use-review-shortcuts.ts';

const orgId = '99999999-9999-4999-8999-999999999999';
const definitionId = '22222222-2222-4222-8222-222222222222';
const uuid = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;

const item = (n: number): ReviewListItem => ({
  key: uuid(n),
  memberRequirementId: uuid(n),
  definitionId,
  plaId: uuid(n + 3),
  memberName: `Player ${n}`,
  requirementName: 'Birth certificate',
  requirementType: 0,
  reviewSource: 'ManualUpload',
  levelId: uuid(7),
  levelName: 'U10 Lions',
  completedAt: '2026-11-20T10:00:00.000Z',
  decision: null,
});

const detail = (i: ReviewListItem): ReviewDetail => ({
  item: i,
  member: {
    profileId: uuid(8),
    firstName: i.memberName.split(' ')[0]!,
    lastName: i.memberName.split(' ')[1]!,
    email: null,
    levelName: 'U10 Lions',
  },
  requirement: {
    name: 'Birth certificate',
    type: 0,
    instructions: '',
    status: 7,
    pendingReview: true,
    completedAt: i.completedAt,
    expiresAt: null,
  },
  files: [],
  formSubmission: null,
  liveScan: null,
  decisions: [],
  events: [],
  mayReverseDisqualification: false,
});

const profile = { organizationId: orgId, pendingReviewCount: 2 } as Partial<ActiveProfile>;

function serve(
  reviewBodies: unknown[],
  opts: { queue?: ReturnType<typeof item>[]; adjacent?: Promise<void> } = {},
) {
  const queue = opts.queue ?? [item(1), item(2)];
  return serveGlobally({
    'GET /api/app/profile': { status: 200, body: { ...fullProfile(), ...profile } },
    [`GET /api/app/requirement/review-requirements/${orgId}`]: () => ({
      status: 200,
      body: { items: queue, totalCount: queue.length },
    }),
    [`GET /api/app/requirement/${definitionId}/review`]: (call) => {
      const pla = new URL(call.path, 'http://x').searchParams.get('plaId');
      return { status: 200, body: detail(queue.find((q) => q.plaId === pla) ?? item(1)) };
    },
    'GET /api/app/requirement/adjacent-review-requirement': async (call) => {
      await opts.adjacent;
      const q = new URL(call.path, 'http://x').searchParams;
      const at = queue.findIndex((x) => x.key === q.get('currentId'));
      const next = q.get('dir') === 'Next' ? queue[at + 1] : queue[at - 1];
      return { status: 200, body: { item: next ?? null } };
    },
    [`POST /api/app/requirement/${definitionId}/review/${item(1).plaId}`]: (call) => {
      reviewBodies.push(JSON.parse(String(call.body)));
      return { status: 200, body: { reviewed: 1, pendingReviewCount: 1 } };
    },
  });
}

function fullProfile() {
  return {
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
    hierarchyLevelId: null,
    currentLevelId: null,
    currentLevelName: null,
    currentLevelRole: null,
    firstName: 'Rita',
    lastName: 'Reviewer',
    email: 'rita@example.org',
    tabs: [],
    roles: ['Admin'],
    levelRoles: [],
    remember: false,
    pendingReviewCount: 2,
    profileContactInformationId: null,
    profileId: uuid(8),
    profilePicture: null,
    profileLevelAccesses: [],
    profilesWithPlas: [],
    partner: null,
    yardstikOnboardingStatus: null,
  };
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the review page', () => {
  it('shows the queue and the first requirement, approves with A and moves to the next', async () => {
    const bodies: unknown[] = [];
    serve(bodies);
    renderRoutes([{ path: '/reviews', element: <ReviewsPage /> }], '/reviews');
    expect(await screen.findByRole('heading', { name: 'Player 1: Birth certificate' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toHaveTextContent('Approve');
    await userEvent.keyboard('a');
    await waitFor(() => expect(bodies).toEqual([{ reviewDecision: 1, reviewNotes: '' }]));
    expect(await screen.findByRole('heading', { name: 'Player 2: Birth certificate' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Approved: Player 1, Birth certificate.');
  });

  it('a requirement the reviewer opens while the next one is looked up stays, with the notes typed', async () => {
    const bodies: unknown[] = [];
    let release = () => undefined as void;
    const adjacent = new Promise<void>((resolve) => (release = resolve));
    serve(bodies, { queue: [item(1), item(2), item(3)], adjacent });
    renderRoutes([{ path: '/reviews', element: <ReviewsPage /> }], '/reviews');
    await screen.findByRole('heading', { name: 'Player 1: Birth certificate' });
    await userEvent.keyboard('a');
    await waitFor(() => expect(bodies).toHaveLength(1));
    // The next one is still being looked up: the reviewer opens the third and starts writing.
    await userEvent.click(screen.getByRole('button', { name: 'Player 3' }));
    expect(await screen.findByRole('heading', { name: 'Player 3: Birth certificate' })).toBeVisible();
    await userEvent.type(await screen.findByLabelText('Notes'), 'looks altered');
    release();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Approved: Player 1'));
    expect(screen.getByRole('heading', { name: 'Player 3: Birth certificate' })).toBeVisible();
    expect(screen.getByLabelText('Notes')).toHaveValue('looks altered');
  });

  it('asks for notes before a reset, and shortcuts stay off while typing', async () => {
    const bodies: unknown[] = [];
    serve(bodies);
    renderRoutes([{ path: '/reviews', element: <ReviewsPage /> }], '/reviews');
    await screen.findByRole('heading', { name: 'Player 1: Birth certificate' });
    await userEvent.keyboard('r');
    expect(await screen.findByText('Write notes saying why before rejecting.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Notes'), 'a blurry scan');
    expect(bodies).toEqual([]);
    expect(isTyping(screen.getByLabelText('Notes'))).toBe(true);
  });

  it('keeps the Pending count on the Historical tab, and shows no count while it is unknown', async () => {
    serve([]);
    expect(pendingTabLabel(undefined)).toBe('Pending');
    renderRoutes([{ path: '/reviews', element: <ReviewsPage /> }], '/reviews');
    expect(await screen.findByRole('button', { name: 'Pending (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Historical' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Historical' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Pending (2)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /…/ })).not.toBeInTheDocument();
  });
});
