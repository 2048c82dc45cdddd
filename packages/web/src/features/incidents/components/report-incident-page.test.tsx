import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInIncidentTypes, type Incident, type IncidentList } from '@touchline/contracts/incidents';
import type { ActiveProfile } from '@touchline/contracts/profiles';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { ReportIncidentPage } from './report-incident-page.tsx';

const uuid = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;
const team = uuid(3);
const player = uuid(4);

const profile = {
  id: uuid(1),
  userId: uuid(2),
  organizationId: uuid(9),
  organizationPhoto: null,
  organizationName: 'Riverside',
  organizationPaymentMethodProvided: true,
  organizationContent: [],
  userAwaitingIndividualPaymentContent: [],
  backgroundCheckPaymentInfo: [],
  aptPaymentInfo: [],
  hierarchyLevelId: team,
  currentLevelId: null,
  currentLevelName: null,
  currentLevelRole: null,
  firstName: 'Casey',
  lastName: 'Coach',
  email: 'casey@example.org',
  tabs: [],
  roles: [],
  levelRoles: [
    {
      profileLevelAccessId: uuid(5),
      hierarchyLevelId: team,
      levelName: 'U8 Girls',
      labelId: uuid(6),
      roleLabel: 'Coach',
    },
  ],
  remember: false,
  pendingReviewCount: null,
  profileContactInformationId: null,
  profileId: uuid(7),
  profilePicture: null,
  profileLevelAccesses: [],
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: null,
} satisfies ActiveProfile;

const list: IncidentList = {
  items: [],
  totalCount: 0,
  openCount: null,
  types: [...builtInIncidentTypes],
  canManage: false,
  family: [],
};

const reported: Incident = {
  id: uuid(8),
  type: 'concussion',
  typeName: 'Concussion or suspected head injury',
  typeDescription: '',
  status: 'Reported',
  occurredAt: '2026-11-28T10:00:00.000Z',
  hierarchyLevelId: team,
  levelName: 'U8 Girls',
  venue: null,
  involved: [{ profileId: player, name: 'Pat Player', role: 'Injured' }],
  whatHappened: 'Head-to-head contact.',
  actionTaken: null,
  reportedBy: { profileId: uuid(7), name: 'Casey Coach' },
  reportedAt: '2026-11-28T10:05:00.000Z',
  assignee: null,
  triageDueAt: '2026-11-29T10:05:00.000Z',
  mandatoryReport: null,
  documents: [],
  history: [],
  access: 'reporter',
  archived: false,
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('reporting an incident', () => {
  it(
    'shows the server’s field errors on their fields, then sends the report naming the picked player',
    { timeout: 30_000 },
    async () => {
      const bodies: unknown[] = [];
      let attempt = 0;
      serveGlobally({
        'GET /api/app/profile': { status: 200, body: profile },
        'GET /api/app/incident/incidents': { status: 200, body: list },
        'GET /api/app/incident/people': {
          status: 200,
          body: [{ profileId: player, name: 'Pat Player', levelName: 'U8 Girls' }],
        },
        'POST /api/app/incident/incident': (call) => {
          bodies.push(JSON.parse(call.body ?? '{}'));
          attempt += 1;
          if (attempt === 1)
            return validationFailed({ field: 'whatHappened', in: 'body', message: 'Describe what happened' });
          return { status: 201, body: reported };
        },
      });
      renderRoutes(
        [
          { path: '/incidents/new', element: <ReportIncidentPage /> },
          { path: '/incidents/:id', element: <p>incident page</p> },
        ],
        '/incidents/new',
      );
      const type = await screen.findByLabelText(/Type of incident/);
      await userEvent.selectOptions(type, 'misconduct');
      expect(screen.getByText(/Your duty to report/)).toBeVisible();
      await userEvent.selectOptions(type, 'concussion');
      expect(screen.getByText(/removed from play as soon as you send this report/)).toBeVisible();
      await userEvent.selectOptions(
        await screen.findByLabelText('Person 1: member'),
        await screen.findByRole('option', { name: 'Pat Player (U8 Girls)' }),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
      const field = await screen.findByLabelText(/^What happened/);
      await waitFor(() => expect(field).toHaveAccessibleDescription('Describe what happened'));
      expect(field).toHaveAttribute('aria-invalid', 'true');

      await userEvent.type(field, 'Head-to-head contact.');
      await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
      expect(await screen.findByText('incident page')).toBeVisible();
      expect(bodies[1]).toMatchObject({
        type: 'concussion',
        hierarchyLevelId: team,
        involved: [{ profileId: player, name: '', role: 'Injured' }],
        whatHappened: 'Head-to-head contact.',
      });
    },
  );
});
