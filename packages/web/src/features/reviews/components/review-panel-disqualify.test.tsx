import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewOutcome, type ReviewDetail, type ReviewListItem } from '@touchline/contracts/reviews';
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
  memberName: 'Sam Keeper',
  requirementName: 'Birth certificate',
  requirementType: 0,
  reviewSource: 'ManualUpload',
  levelId: '55555555-5555-4555-8555-555555555555',
  levelName: 'U10 Lions',
  completedAt: '2026-11-20T10:00:00.000Z',
  decision: null,
};

function detail(over: Partial<ReviewDetail> = {}): ReviewDetail {
  return {
    item,
    member: {
      profileId: '66666666-6666-4666-8666-666666666666',
      firstName: 'Sam',
      lastName: 'Keeper',
      email: null,
      levelName: 'U10 Lions',
    },
    requirement: {
      name: 'Birth certificate',
      type: 0,
      instructions: '',
      status: 7,
      pendingReview: true,
      completedAt: item.completedAt,
      expiresAt: null,
    },
    files: [],
    formSubmission: null,
    liveScan: null,
    decisions: [],
    events: [],
    mayReverseDisqualification: false,
    ...over,
  };
}

function serve(body: ReviewDetail, posted: { path: string; body: unknown }[]) {
  const record = (path: string) => (call: { body: string | null }) => {
    posted.push({ path, body: JSON.parse(String(call.body)) });
    return { status: 200, body: { reviewed: 1, pendingReviewCount: 0 } };
  };
  const reviewPath = `/api/app/requirement/${definitionId}/review/${plaId}`;
  serveGlobally({
    [`GET /api/app/requirement/${definitionId}/review`]: { status: 200, body },
    [`POST ${reviewPath}`]: record('review'),
    [`POST ${reviewPath}/reverse-disqualification`]: record('reverse'),
  });
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a disqualification is never one slip away (ADR 025)', () => {
  it('is red, asks for notes, and confirms in a dialog naming the member and the consequence', async () => {
    const posted: { path: string; body: unknown }[] = [];
    serve(detail(), posted);
    const decided = vi.fn();
    renderRoutes(
      [{ path: '/', element: <ReviewPanel item={item} onDecided={decided} onMove={vi.fn()} /> }],
      '/',
    );
    const disqualify = await screen.findByRole('button', { name: 'Disqualify…' });
    expect(disqualify).toHaveAttribute('data-tone', 'danger');
    expect(disqualify.className).toMatch(/bg-red-700/);
    await userEvent.click(disqualify);
    expect(await screen.findByText('Write notes saying why before rejecting.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.type(screen.getByLabelText('Notes'), 'Forged');
    await userEvent.click(disqualify);
    const dialog = await screen.findByRole('alertdialog', { name: 'Disqualify Sam Keeper?' });
    expect(dialog).toHaveTextContent('overall status becomes Disqualified');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(posted).toEqual([]);
    await userEvent.click(disqualify);
    await userEvent.click(await screen.findByRole('button', { name: 'Disqualify Sam Keeper' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: 'review',
          body: { reviewDecision: ReviewOutcome.RejectedDisqualified, reviewNotes: 'Forged' },
        },
      ]),
    );
    expect(decided).toHaveBeenCalledWith('Disqualified: Sam Keeper, Birth certificate.');
  });

  it('lets an administrator reverse it with a reason', async () => {
    const posted: { path: string; body: unknown }[] = [];
    const disqualified = detail({
      requirement: { ...detail().requirement, status: 6, pendingReview: false },
      mayReverseDisqualification: true,
    });
    serve(disqualified, posted);
    const decided = vi.fn();
    renderRoutes(
      [{ path: '/', element: <ReviewPanel item={item} onDecided={decided} onMove={vi.fn()} /> }],
      '/',
    );
    const reverse = await screen.findByRole('button', { name: 'Reverse disqualification' });
    await userEvent.click(reverse);
    expect(await screen.findByText('Say why the disqualification is reversed.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Reason'), 'Wrong member');
    await userEvent.click(reverse);
    await waitFor(() => expect(posted).toEqual([{ path: 'reverse', body: { reviewNotes: 'Wrong member' } }]));
    expect(decided).toHaveBeenCalledWith(
      'Disqualification reversed: Sam Keeper is back in the Pending queue.',
    );
  });

  it('offers no reversal to someone who may not make it', async () => {
    serve(detail({ requirement: { ...detail().requirement, pendingReview: false } }), []);
    renderRoutes(
      [{ path: '/', element: <ReviewPanel item={item} onDecided={vi.fn()} onMove={vi.fn()} /> }],
      '/',
    );
    expect(await screen.findByText('This requirement is not awaiting review.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reverse disqualification' })).toBeNull();
  });
});
