import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewOutcome, type ReviewDetail } from '@touchline/contracts/reviews';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { reviewDefinitionId, reviewFixture, reviewPlaId } from '../../../test/review-fixture.ts';
import { ReviewPanel } from './review-panel.tsx';

const definitionId = reviewDefinitionId;
const plaId = reviewPlaId;
const person = {
  firstName: 'Sam',
  lastName: 'Keeper',
  requirementName: 'Birth certificate',
  type: 0,
  reviewSource: 'ManualUpload',
} as const;
const { item } = reviewFixture(person);

function detail(over: Partial<ReviewDetail> = {}): ReviewDetail {
  return reviewFixture({ ...person, detail: over }).detail;
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
    const reversed = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <ReviewPanel item={item} onDecided={decided} onReversed={reversed} onMove={vi.fn()} />,
        },
      ],
      '/',
    );
    const reverse = await screen.findByRole('button', { name: 'Reverse disqualification' });
    await userEvent.click(reverse);
    expect(await screen.findByText('Say why the disqualification is reversed.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Reason'), 'Wrong member');
    await userEvent.click(reverse);
    await waitFor(() => expect(posted).toEqual([{ path: 'reverse', body: { reviewNotes: 'Wrong member' } }]));
    await waitFor(() =>
      expect(reversed).toHaveBeenCalledWith(
        'Disqualification reversed: Sam Keeper is back in the Pending queue.',
      ),
    );
    // The panel stays on the requirement (pending again), rather than moving on as after a decision.
    expect(decided).not.toHaveBeenCalled();
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
