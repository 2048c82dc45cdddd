import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { LevelEligibilityPage } from './level-eligibility-page.tsx';

const path = '/api/app/hierarchy-level/level-1/eligibility';
const none = {
  levelId: 'level-1',
  ageGroupLabel: null,
  bornInOrAfterYear: null,
  minGrade: null,
  maxGrade: null,
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

function renderPage(put: Parameters<typeof serveGlobally>[0][string]) {
  const server = serveGlobally({ [`GET ${path}`]: { status: 200, body: none }, [`PUT ${path}`]: put });
  renderRoutes(
    [{ path: '/levels/:levelId/eligibility', element: <LevelEligibilityPage /> }],
    '/levels/level-1/eligibility',
  );
  return server;
}

describe('the level eligibility page', () => {
  it('checks the fields before sending: a label needs its year, the grades in order', async () => {
    const server = renderPage({ status: 200, body: none });
    await userEvent.type(await screen.findByRole('textbox', { name: /Age group/ }), 'U12');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lowest grade' }), '6th Grade');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Highest grade' }), '3rd Grade');
    await userEvent.click(screen.getByRole('button', { name: 'Save eligibility' }));
    expect(screen.getByRole('textbox', { name: /Born in or after/ })).toHaveAccessibleDescription(
      expect.stringContaining('An age group needs its birth year'),
    );
    expect(screen.getByRole('combobox', { name: 'Highest grade' })).toHaveAccessibleDescription(
      expect.stringContaining('The highest grade must not be below the lowest'),
    );
    expect(server.callsTo('PUT', path)).toHaveLength(0);
  });

  it('sends the bounds as numbers and says it saved; a server field error shows on its field', async () => {
    let reply: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'The request is invalid',
          validationErrors: [{ field: 'bornInOrAfterYear', in: 'body', message: 'Enter a year up to 2100' }],
        },
      },
    };
    const server = renderPage(() => reply);
    await userEvent.type(await screen.findByRole('textbox', { name: /Age group/ }), 'U12');
    await userEvent.type(screen.getByRole('textbox', { name: /Born in or after/ }), '2015');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lowest grade' }), '3rd Grade');
    await userEvent.click(screen.getByRole('button', { name: 'Save eligibility' }));
    expect(await screen.findByText('Enter a year up to 2100')).toBeInTheDocument();

    reply = { status: 200, body: { ...none, ageGroupLabel: 'U12', bornInOrAfterYear: 2015, minGrade: 3 } };
    await userEvent.click(screen.getByRole('button', { name: 'Save eligibility' }));
    expect(within(await screen.findByRole('status')).getByText('Eligibility saved')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', path).at(-1)?.body ?? 'null')).toEqual({
      ageGroupLabel: 'U12',
      bornInOrAfterYear: 2015,
      minGrade: 3,
      maxGrade: null,
    });
  });
});
