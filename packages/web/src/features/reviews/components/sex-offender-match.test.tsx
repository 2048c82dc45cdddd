import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewSource } from '@touchline/contracts/reviews';
import type { SexOffenderMatch } from '@touchline/contracts/sex-offender-search';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { reviewDefinitionId, reviewFixture, reviewPlaId } from '../../../test/review-fixture.ts';
import { ReviewPanel } from './review-panel.tsx';

const { item, detail } = reviewFixture({
  firstName: 'Lee',
  lastName: 'Sor',
  email: null,
  requirementName: 'Registry search',
  type: 6,
  reviewSource: ReviewSource.SexOffenderSearch,
});
const definitionId = reviewDefinitionId;
const plaId = reviewPlaId;
const match: SexOffenderMatch = {
  member: { fullName: 'Lee Sor', dateOfBirth: '1988-07-09' },
  records: [
    {
      id: 'rec-1',
      fullName: 'Lee Sor',
      aliases: ['L. Sor'],
      dateOfBirth: '1988-07-09',
      photoUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      jurisdiction: 'OR',
      registryUrl: 'http://sandbox.test/registry/rec-1',
      offenses: ['Sandbox record: not a real registrant'],
    },
  ],
  nsopwUrl: 'https://www.nsopw.gov/',
  vendor: 'yardstik',
  consumerReport: true,
  reportUrl: 'http://sandbox.test/reports/r1',
  sandbox: true,
  orderedAt: '2026-11-18T10:00:00.000Z',
  completedAt: '2026-11-20T10:00:00.000Z',
  adverseAction: null,
};
const base = `/api/app/requirement/${definitionId}`;

function serve(answer: SexOffenderMatch = match) {
  return serveGlobally({
    [`GET ${base}/review`]: { status: 200, body: detail },
    [`GET ${base}/sex-offender-search-match/${plaId}`]: { status: 200, body: answer },
    [`POST ${base}/background-check-dispute-reply/${plaId}`]: {
      status: 200,
      body: { stage: 'pre-adverse', disputeUntil: '2026-11-27T10:00:00.000Z', disputes: 2 },
    },
    [`POST ${base}/review/${plaId}`]: { status: 200, body: { reviewed: 1, pendingReviewCount: 0 } },
    [`POST ${base}/background-check-adverse-action/${plaId}`]: {
      status: 200,
      body: { stage: 'pre-adverse', disputeUntil: '2026-11-27T10:00:00.000Z' },
    },
  });
}
const show = (decided = vi.fn()) =>
  renderRoutes(
    [{ path: '/', element: <ReviewPanel item={item} onDecided={decided} onMove={vi.fn()} /> }],
    '/',
  );

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a possible sex offender registry match in the review queue', () => {
  it('shows the record beside the member with its photo, jurisdiction and the public registry', async () => {
    serve();
    show();
    expect(await screen.findByRole('heading', { name: 'Possible registry match' })).toBeVisible();
    expect(screen.getByText('Lee Sor · born 1988-07-09')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Registry photo of Lee Sor' })).toHaveAttribute(
      'src',
      match.records[0]!.photoUrl,
    );
    expect(screen.getByText('OR')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open the registry photo ↗' })).toBeNull();
    expect(screen.getByRole('link', { name: /NSOPW/ })).toHaveAttribute('href', 'https://www.nsopw.gov/');
    expect(screen.getByText(/not a real registry/)).toBeVisible();
  });

  it('"not the same person" approves; a confirmed match needs a reason and sends the pre-adverse notice', async () => {
    const server = serve();
    const decided = vi.fn();
    show(decided);
    await userEvent.click(await screen.findByRole('button', { name: 'Not the same person' }));
    expect(JSON.parse(server.callsTo('POST', `${base}/review/${plaId}`)[0]!.body!)).toMatchObject({
      reviewDecision: 1,
    });
    expect(decided).toHaveBeenCalledWith('Not the same person: Lee Sor.');
    const confirm = screen.getByRole('button', { name: 'Confirmed: send the pre-adverse notice' });
    await userEvent.click(confirm);
    expect(screen.getByText('Write the reason before confirming the match.')).toBeVisible();
    await userEvent.type(
      screen.getByLabelText('Reason, if the record is the member'),
      'Same photo and birth date',
    );
    await userEvent.click(confirm);
    const adverse = server.callsTo('POST', `${base}/background-check-adverse-action/${plaId}`);
    expect(adverse).toHaveLength(1);
    expect(JSON.parse(adverse[0]!.body!)).toEqual({ reason: 'Same photo and birth date' });
  });

  it('offers one set of decisions: the comparison panel’s, not the generic Approve / Reset / Disqualify bar too', async () => {
    serve();
    show();
    expect(await screen.findByRole('button', { name: 'Not the same person' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmed: send the pre-adverse notice' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Decide' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve (A)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disqualify…' })).toBeNull();
    expect(screen.queryByText('This requirement is not awaiting review.')).toBeNull();
  });

  it('after the pre-adverse notice shows the thread and a reply instead of confirming again', async () => {
    const server = serve({
      ...match,
      adverseAction: {
        stage: 'pre-adverse',
        reason: 'Same photo and birth date',
        disputeUntil: '2026-11-27T10:00:00.000Z',
        disputes: [{ at: '2026-11-21T10:00:00.000Z', message: 'That is my cousin', from: 'member' }],
      },
    });
    show();
    expect(await screen.findByText('Pre-adverse notice sent')).toBeVisible();
    expect(screen.getByText('That is my cousin')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Confirmed/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Not the same person' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Reply to the member'), 'Please send a photo ID');
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    const replies = server.callsTo('POST', `${base}/background-check-dispute-reply/${plaId}`);
    expect(replies).toHaveLength(1);
    expect(JSON.parse(replies[0]!.body!)).toEqual({
      message: 'Please send a photo ID',
      from: 'organization',
    });
  });
});
