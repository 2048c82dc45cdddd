import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myRequirementsPath } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import {
  memberRequirement,
  myRequirementsAnswer,
} from '../../features/requirements/components/requirement-fixtures.ts';
import { session } from '../../lib/session.ts';
import { serveGlobally, type RecordedCall } from '../../test/fake-server.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signedInWebSession } from '../../test/tokens.ts';
import { RequirementRoute } from './requirement.tsx';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '11111111-1111-4111-8111-111111111111';
const base = `/api/app/requirement/${definitionId}`;
const forbidden = { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed' } } };
const result = (status: number) => ({
  memberRequirementId: '33333333-3333-4333-8333-333333333333',
  definitionId,
  profileId: '44444444-4444-4444-8444-444444444444',
  status,
  completedAt: status === RequirementStatus.Completed ? '2026-11-20T00:00:00.000Z' : null,
  files: [],
});

function serve(
  allowedActions: ('markComplete' | 'markIncomplete' | 'upload')[],
  overrides: Parameters<typeof memberRequirement>[2] = {},
) {
  const state = {
    item: memberRequirement(definitionId, 'Coaching licence', { allowedActions, ...overrides }),
  };
  const sent: RecordedCall[] = [];
  serveGlobally({
    [`GET ${myRequirementsPath}`]: () => ({ status: 200, body: myRequirementsAnswer([state.item]) }),
    [`GET /api/app/content/content-document/${definitionId}`]: forbidden,
    [`GET ${base}/files-to-view`]: { status: 200, body: { items: [] } },
    [`POST ${base}/complete-without-upload/${plaId}`]: (call) => {
      sent.push(call);
      state.item = {
        ...state.item,
        status: RequirementStatus.Completed,
        allowedActions: ['markIncomplete'],
        nextAction: null,
      };
      return { status: 200, body: result(RequirementStatus.Completed) };
    },
  });
  renderRoutes(
    [{ path: '/requirements/:definitionId', element: <RequirementRoute /> }],
    `/requirements/${definitionId}`,
  );
  return sent;
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe("staff moves on the member's requirement page (issue 18 item 7)", () => {
  it('completes by hand with a date and a note when the answer allows it, then offers Reopen', async () => {
    const sent = serve(['upload', 'markComplete']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Coaching licence' })).toBeVisible();
    const staff = screen.getByRole('region', { name: 'Staff actions' });
    await userEvent.click(within(staff).getByRole('button', { name: 'Mark complete: Coaching licence' }));
    const form = within(staff).getByRole('form', { name: 'Mark complete: Coaching licence' });
    await userEvent.clear(within(form).getByLabelText('Completed on'));
    await userEvent.type(within(form).getByLabelText('Completed on'), '2026-11-20');
    await userEvent.type(within(form).getByLabelText('Note (kept in the history)'), 'Seen the paper licence');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark complete' }));
    expect(await within(staff).findByText('Coaching licence marked complete.')).toBeInTheDocument();
    expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual({ date: '2026-11-20', note: 'Seen the paper licence' });
    expect(await screen.findByRole('button', { name: 'Reopen: Coaching licence' })).toBeVisible();
  });

  it('shows no staff actions when the answer allows none', async () => {
    serve(['upload']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Coaching licence' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Staff actions' })).not.toBeInTheDocument();
  });

  it('offers no reopen on a requirement a shared credential meets, whatever the answer lists (ADR 049)', async () => {
    serve(['markIncomplete'], {
      status: RequirementStatus.Completed,
      nextAction: null,
      sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: '2026-11-09' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coaching licence' })).toBeVisible();
    expect(screen.getByText(/Met by your credential shared from Riverside Youth Soccer/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Staff actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
  });
});
