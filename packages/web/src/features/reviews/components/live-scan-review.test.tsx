import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewSource } from '@touchline/contracts/reviews';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { reviewDefinitionId, reviewFixture, reviewPlaId } from '../../../test/review-fixture.ts';
import { ReviewPanel } from './review-panel.tsx';

const { item, detail } = reviewFixture({
  firstName: 'Sage',
  lastName: 'Lopez',
  email: 'robin@example.org',
  requirementName: 'LiveScan fingerprinting',
  type: 10,
  reviewSource: ReviewSource.LiveScan,
  detail: { liveScan: { atiNumber: 'A4100000', submittedAt: '2026-11-20T10:00:00.000Z' } },
});
const definitionId = reviewDefinitionId;
const plaId = reviewPlaId;
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
