import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundCheckReport } from '@touchline/contracts/background-checks';
import { ReviewSource } from '@touchline/contracts/reviews';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { reviewDefinitionId, reviewFixture, reviewPlaId } from '../../../test/review-fixture.ts';
import { ReviewPanel } from './review-panel.tsx';

const { item, detail } = reviewFixture({
  firstName: 'Robin',
  lastName: 'Consider',
  email: 'robin@example.org',
  requirementName: 'Coach background check',
  type: 3,
  reviewSource: ReviewSource.FlaggedBackgroundCheck,
});
const definitionId = reviewDefinitionId;
const plaId = reviewPlaId;
const flagged: BackgroundCheckReport = {
  vendor: 'yardstik',
  agency: { id: 'yardstik', name: 'Yardstik' },
  status: 'needs_review',
  vendorStatus: 'consider',
  summary: 'The provider flagged a record for review.',
  reportUrl: 'http://sandbox.test/reports/r1',
  sandbox: true,
  orderedAt: '2026-11-18T10:00:00.000Z',
  completedAt: '2026-11-20T10:00:00.000Z',
  reviewedExternally: false,
  adverseAction: null,
};
const base = `/api/app/requirement/${definitionId}`;
const adversePath = `${base}/background-check-adverse-action/${plaId}`;

function serve(report: BackgroundCheckReport = flagged) {
  let current = report;
  return serveGlobally({
    [`GET ${base}/review`]: { status: 200, body: detail },
    [`GET ${base}/background-check-report/${plaId}`]: () => ({ status: 200, body: current }),
    [`POST ${adversePath}`]: (call) => {
      const { reason } = JSON.parse(call.body ?? '{}') as { reason: string };
      current = {
        ...current,
        adverseAction: {
          stage: 'pre-adverse',
          reason,
          disputeUntil: '2026-11-27T10:00:00.000Z',
          disputes: [],
        },
      };
      return { status: 200, body: { stage: 'pre-adverse', disputeUntil: '2026-11-27T10:00:00.000Z' } };
    },
  });
}
const show = () =>
  renderRoutes(
    [{ path: '/', element: <ReviewPanel item={item} onDecided={vi.fn()} onMove={vi.fn()} /> }],
    '/',
  );

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the result names the agency that ran it (issue 31)', () => {
  it('names the exact TazWorks-platform agency (NCSI), and falls back to the platform when it is not known', async () => {
    serve({ ...flagged, vendor: 'tazworks', agency: { id: 'ncsi', name: 'NCSI' } });
    show();
    const result = await screen.findByRole('region', { name: 'Background check result' });
    expect(result).toHaveTextContent(/^Background check resultNCSI \(sandbox/);
  });

  it('says “the agency on the TazWorks platform” when the grant is gone', async () => {
    serve({ ...flagged, vendor: 'tazworks', agency: null });
    show();
    const result = await screen.findByRole('region', { name: 'Background check result' });
    expect(result).toHaveTextContent(/The agency on the TazWorks platform/);
  });
});

describe('adverse action from the flagged background check’s review panel (issue 20)', () => {
  it('asks for the reason, confirms what follows, then sends the pre-adverse notice once and shows the wait', async () => {
    const server = serve();
    show();
    const startButton = await screen.findByRole('button', { name: 'Start adverse action…' });
    expect(screen.getByRole('list', { name: 'Adverse-action steps' })).toHaveTextContent(
      /Pre-adverse notice.*Five business days.*Final adverse notice/,
    );
    await userEvent.click(startButton);
    expect(screen.getByText('Give the reason the member will be told')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.type(screen.getByLabelText('Reason the member will be told'), 'Undisclosed conviction');
    await userEvent.click(startButton);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Send Robin Consider the pre-adverse notice?',
    });
    expect(dialog).toHaveTextContent(/five business days/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST', adversePath)).toHaveLength(0);

    await userEvent.click(startButton);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Send the pre-adverse notice',
      }),
    );
    const calls = server.callsTo('POST', adversePath);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ reason: 'Undisclosed conviction' });
    expect(await screen.findByText(/— Undisclosed conviction \(responses until/)).toBeVisible();
    expect(screen.getByText('Pre-adverse notice sent')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start adverse action…' })).toBeNull();
    const waiting = screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');
    expect(waiting).toHaveTextContent(/Five business days/);
  });

  it('does not offer to start it again while a pre-adverse notice stands', async () => {
    serve({
      ...flagged,
      adverseAction: {
        stage: 'pre-adverse',
        reason: 'Undisclosed conviction',
        disputeUntil: '2026-11-27T10:00:00.000Z',
        disputes: [],
      },
    });
    show();
    expect(await screen.findByRole('list', { name: 'Adverse-action steps' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start adverse action…' })).toBeNull();
  });

  it('an organization that reviews flagged checks outside Touchline: the queue says so and offers no decision here', async () => {
    const server = serve({ ...flagged, reviewedExternally: true });
    show();
    expect(await screen.findByText(/reviews flagged background checks outside Touchline/)).toBeVisible();
    expect(screen.getByText(/The provider flagged a record/)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Decide' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve (A)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start adverse action…' })).toBeNull();
    await userEvent.keyboard('a');
    expect(server.callsTo('POST', `${base}/review/${plaId}`)).toHaveLength(0);
  });

  it('an organization that reviews in Touchline keeps the decision bar beside the adverse action', async () => {
    serve();
    show();
    expect(await screen.findByRole('button', { name: 'Start adverse action…' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Decide' })).toBeVisible();
    expect(screen.queryByText(/reviews flagged background checks outside Touchline/)).toBeNull();
  });
});
