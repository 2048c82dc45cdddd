import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myRequirementsPath } from '@touchline/contracts/member-requirements';
import { RequirementStatus, requirementStatusLabels } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { memberRequirement, myRequirementsAnswer } from './requirement-fixtures.ts';
import { noRequirementsMessage, RequirementsPage } from './requirements-page.tsx';

const show = () => renderRoutes([{ path: '/requirements', element: <RequirementsPage /> }], '/requirements');

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('my requirements', () => {
  it('shows every status by its label, most urgent first, grouped into to do, waiting and done', async () => {
    const s = RequirementStatus;
    serveGlobally({
      [`GET ${myRequirementsPath}`]: {
        status: 200,
        body: myRequirementsAnswer([
          memberRequirement('a', 'Code of conduct', {
            status: s.Completed,
            nextAction: null,
            allowedActions: [],
          }),
          memberRequirement('b', 'Medical form', { type: RequirementType.Form, dueDate: '2026-12-01' }),
          memberRequirement('c', 'Concussion video', { type: RequirementType.Video, status: s.Overdue }),
          memberRequirement('d', 'Photo ID', { status: s.PendingReview, nextAction: null }),
          memberRequirement('e', 'Safety waiver', { type: RequirementType.Waiver, status: s.Rejected }),
          memberRequirement('f', 'Coaching course', {
            type: RequirementType.CustomTraining,
            status: s.ExpiringSoon,
          }),
          memberRequirement('g', 'First aid', { status: s.Expired }),
          memberRequirement('h', 'Background', {
            type: RequirementType.BackgroundCheck,
            status: s.WaitingOnProvider,
            nextAction: null,
          }),
          memberRequirement('i', 'Consent', { status: s.WaitingOnApplicant }),
        ]),
      },
    });
    show();
    const todo = await screen.findByRole('region', { name: /To do/ });
    expect(screen.getByText('Overall: Incomplete')).toBeVisible();
    const names = within(todo)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual([
      'Concussion video',
      'Safety waiver',
      'First aid',
      'Medical form',
      'Consent',
      'Coaching course',
    ]);
    expect(within(todo).getAllByRole('listitem')[0]).toHaveTextContent(`!${requirementStatusLabels.Overdue}`);
    expect(within(todo).getAllByRole('listitem')[0]).toHaveTextContent('Watch the video');
    expect(within(todo).getAllByRole('listitem')[1]).toHaveTextContent('Sign the waiver again');
    expect(within(todo).getAllByRole('listitem')[3]).toHaveTextContent('DueDec 1, 2026');
    const waiting = screen.getByRole('region', { name: /Waiting on others/ });
    const photo = within(waiting).getByRole('link', { name: 'Photo ID' }).closest('li');
    expect(photo).toHaveTextContent(requirementStatusLabels.PendingReview);
    expect(photo).toHaveTextContent('NextAwaiting review');
    const done = screen.getByRole('region', { name: /Done/ });
    expect(within(done).getByRole('link', { name: 'Code of conduct' })).toHaveAttribute(
      'href',
      '/requirements/a',
    );
    for (const label of Object.values(requirementStatusLabels))
      expect(screen.getAllByText(label, { exact: false }).length).toBeGreaterThan(0);
  });

  it('says so when the member has no requirements', async () => {
    serveGlobally({ [`GET ${myRequirementsPath}`]: { status: 200, body: myRequirementsAnswer([]) } });
    show();
    expect(await screen.findByText(noRequirementsMessage)).toBeVisible();
  });

  it('shows a loading state, then a failure with a way to try again', async () => {
    let fail = true;
    const server = serveGlobally({
      [`GET ${myRequirementsPath}`]: () =>
        fail
          ? { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed here' } } }
          : { status: 200, body: myRequirementsAnswer([memberRequirement('a', 'Photo ID')]) },
    });
    show();
    expect(screen.getByRole('status', { name: 'Loading your requirements' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your requirements could not be loaded: Not allowed here',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Photo ID' })).toBeVisible();
    expect(server.callsTo('GET', myRequirementsPath)).toHaveLength(2);
  });

  it('names a credential shared from another organization when it is what meets the requirement', async () => {
    serveGlobally({
      [`GET ${myRequirementsPath}`]: {
        status: 200,
        body: myRequirementsAnswer([
          memberRequirement('a', 'Age check', {
            type: RequirementType.AgeVerification,
            status: RequirementStatus.Completed,
            nextAction: null,
            allowedActions: [],
            sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: '2026-11-19' },
          }),
          memberRequirement('b', 'Photo ID', { status: RequirementStatus.Completed, nextAction: null }),
        ]),
      },
    });
    show();
    expect(
      await screen.findByText(
        'Met by your age verification shared from Riverside Youth Soccer, completed Nov 19, 2026.',
      ),
    ).toBeVisible();
    // Only the one met by a share says so.
    expect(screen.getAllByText(/^Met by your/)).toHaveLength(1);
  });
});
