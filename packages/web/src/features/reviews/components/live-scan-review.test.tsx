import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewSource, type ReviewDetail, type ReviewListItem } from '@touchline/contracts/reviews';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { ReviewPanel } from './review-panel.tsx';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '33333333-3333-4333-8333-333333333333';
const item: ReviewListItem = {
  key: '44444444-4444-4444-8444-444444444444',
  memberRequirementId: '44444444-4444-4444-8444-444444444444',
  definitionId,
  plaId,
  memberName: 'Sage Lopez',
  requirementName: 'LiveScan fingerprinting',
  requirementType: 10,
  reviewSource: ReviewSource.LiveScan,
  levelId: '55555555-5555-4555-8555-555555555555',
  levelName: 'U10 Lions',
  completedAt: '2026-11-20T10:00:00.000Z',
  decision: null,
};
const detail: ReviewDetail = {
  item,
  member: {
    profileId: '66666666-6666-4666-8666-666666666666',
    firstName: 'Sage',
    lastName: 'Lopez',
    email: 'robin@example.org',
    levelName: 'U10 Lions',
  },
  requirement: {
    name: 'LiveScan fingerprinting',
    type: 10,
    instructions: '',
    status: 7,
    pendingReview: true,
    completedAt: item.completedAt,
    expiresAt: null,
  },
  files: [],
  formSubmission: null,
  liveScan: { atiNumber: 'A4100000', submittedAt: '2026-11-20T10:00:00.000Z' },
  decisions: [],
  events: [],
  mayReverseDisqualification: false,
};
const base = `/api/app/requirement/${definitionId}`;

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a LiveScan submission in the review queue (issue 22)', () => {
  it('shows the ATI number for the custodian of records to confirm, and approving confirms it', async () => {
    const server = serveGlobally({
      [`GET ${base}/review`]: { status: 200, body: detail },
      [`POST ${base}/review/${plaId}`]: { status: 200, body: { reviewed: 1, pendingReviewCount: 0 } },
    });
    const decided = vi.fn();
    renderRoutes(
      [{ path: '/', element: <ReviewPanel item={item} onDecided={decided} onMove={vi.fn()} /> }],
      '/',
    );
    const submission = await screen.findByRole('region', { name: 'LiveScan submission' });
    expect(submission).toHaveTextContent('ATI number: A4100000');
    expect(submission).toHaveTextContent(/never to Touchline/);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Decide' })).getByRole('button', { name: 'Approve (A)' }),
    );
    expect(JSON.parse(server.callsTo('POST', `${base}/review/${plaId}`)[0]!.body!)).toMatchObject({
      reviewDecision: 1,
    });
    expect(decided).toHaveBeenCalledWith('Approved: Sage Lopez, LiveScan fingerprinting.');
  });
});
