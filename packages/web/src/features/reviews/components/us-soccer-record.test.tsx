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
  memberName: 'Oakley Griffin',
  requirementName: 'US Soccer coaching license',
  requirementType: 11,
  reviewSource: ReviewSource.ManualUpload,
  levelId: '55555555-5555-4555-8555-555555555555',
  levelName: 'U10 Lions',
  completedAt: '2026-11-20T10:00:00.000Z',
  decision: null,
};
const detail: ReviewDetail = {
  item,
  member: {
    profileId: '66666666-6666-4666-8666-666666666666',
    firstName: 'Oakley',
    lastName: 'Griffin',
    email: 'robin@example.org',
    levelName: 'U10 Lions',
  },
  requirement: {
    name: 'US Soccer coaching license',
    type: 11,
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
};
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
