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
  firstName: 'Oakley',
  lastName: 'Griffin',
  email: 'robin@example.org',
  requirementName: 'US Soccer coaching license',
  type: 11,
  reviewSource: ReviewSource.ManualUpload,
});
const definitionId = reviewDefinitionId;
const plaId = reviewPlaId;
const base = `/api/app/requirement/${definitionId}`;

const record = {
  profileId: '66666666-6666-4666-8666-666666666666',
  ussfId: '1000000000000042',
  provider: 'us-soccer',
  sandbox: true,
  checkedAt: '2026-11-20T10:00:00.000Z',
  match: 'name_mismatch',
  recordName: 'Oakley Griffin-Hale',
  requiredLicense: null,
  discipline: 'coach',
  satisfiedBy: null,
  licenses: [
    {
      code: 'coach-d',
      discipline: 'coach',
      grade: 'D',
      issuedOn: '2025-01-10',
      expiresOn: '2027-01-10',
      active: true,
    },
  ],
  status: 7,
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a US Soccer license whose record is under another name, in the review queue (issue 22)', () => {
  it('shows the federation’s record beside the member, and approving accepts it', async () => {
    const server = serveGlobally({
      [`GET ${base}/review`]: { status: 200, body: detail },
      [`GET ${base}/us-soccer-licenses`]: { status: 200, body: record },
      [`POST ${base}/review/${plaId}`]: { status: 200, body: { reviewed: 1, pendingReviewCount: 0 } },
    });
    const decided = vi.fn();
    renderRoutes(
      [{ path: '/', element: <ReviewPanel item={item} onDecided={decided} onMove={vi.fn()} /> }],
      '/',
    );
    const shown = await screen.findByRole('region', { name: 'US Soccer license record' });
    expect(shown).toHaveTextContent('Name on the recordOakley Griffin-Hale');
    expect(shown).toHaveTextContent('MemberOakley Griffin');
    expect(shown).toHaveTextContent(/Approve only if it is the same person/);
    expect(shown).toHaveTextContent(/US Soccer sandbox/);
    expect(within(shown).getByRole('list', { name: 'Licenses on the record' })).toHaveTextContent(
      'Coaching DIn force · expires 2027-01-10',
    );
    expect(screen.queryByText('No files were uploaded.')).toBeNull();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Decide' })).getByRole('button', { name: 'Approve (A)' }),
    );
    expect(JSON.parse(server.callsTo('POST', `${base}/review/${plaId}`)[0]!.body!)).toMatchObject({
      reviewDecision: 1,
    });
    expect(decided).toHaveBeenCalledWith('Approved: Oakley Griffin, US Soccer coaching license.');
  });
});
