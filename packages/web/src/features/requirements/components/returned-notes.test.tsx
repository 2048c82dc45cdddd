import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myRequirementsPath } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { memberRequirement, myRequirementsAnswer } from './requirement-fixtures.ts';
import { RequirementRoute } from './requirement-page.tsx';
import { RequirementsPage } from './requirements-page.tsx';

const returned = memberRequirement('a', 'Birth certificate', {
  status: RequirementStatus.Rejected,
  returnedNotes: 'The scan is blurry, please upload a sharper copy',
});
const disqualified = memberRequirement('b', 'Background check', {
  status: RequirementStatus.Rejected,
  nextAction: null,
  allowedActions: [],
});

beforeEach(() => {
  session.restore(signedInWebSession());
  serveGlobally({
    [`GET ${myRequirementsPath}`]: { status: 200, body: myRequirementsAnswer([returned, disqualified]) },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the reviewer's notes on a returned requirement", () => {
  it('show on its card in my requirements, beside the Rejected status, with resubmitting as the next step', async () => {
    renderRoutes([{ path: '/requirements', element: <RequirementsPage /> }], '/requirements');
    const card = (await screen.findByRole('link', { name: 'Birth certificate' })).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Rejected')).toBeVisible();
    expect(within(card).getByText('Returned by the reviewer:')).toBeVisible();
    expect(within(card).getByText(/The scan is blurry, please upload a sharper copy/)).toBeVisible();
    expect(within(card).getByText('Upload the file again')).toBeVisible();
    const other = screen.getByRole('link', { name: 'Background check' }).closest('li');
    if (!other) throw new Error('no card');
    expect(within(other).queryByText('Returned by the reviewer:')).toBeNull();
  });

  it("show on the requirement's own page", async () => {
    renderRoutes([{ path: '/requirements/:definitionId', element: <RequirementRoute /> }], '/requirements/a');
    expect(await screen.findByRole('heading', { name: 'Birth certificate', level: 1 })).toBeVisible();
    expect(screen.getByText('Returned by the reviewer:')).toBeVisible();
    expect(screen.getByText(/The scan is blurry, please upload a sharper copy/)).toBeVisible();
    expect(screen.getByText('Upload the file again')).toBeVisible();
  });
});
