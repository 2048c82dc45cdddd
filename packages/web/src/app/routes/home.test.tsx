import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import {
  homeAccess,
  homeProfile,
  homeSummary,
  homeUuid,
} from '../../features/home/components/home-fixtures.ts';
import { session } from '../../lib/session.ts';
import { serveGlobally } from '../../test/fake-server.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signedInWebSession } from '../../test/tokens.ts';
import { appRoutes } from '../router.tsx';

const club = homeUuid(1);
const lions = homeUuid(2);

const requirement = (n: number, status: number, name: string): MemberRequirement => ({
  id: homeUuid(n),
  definitionId: homeUuid(n),
  profileLevelAccessId: null,
  name,
  instructions: '',
  type: 0,
  status: status as MemberRequirement['status'],
  isOptional: false,
  dueDate: null,
  completedAt: null,
  expiresAt: null,
  allowedActions: [],
  nextAction: status === RequirementStatus.Completed ? null : 'complete',
  returnedNotes: null,
  sharedCredential: null,
});

async function renderHome(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    'GET /api/session': { status: 200, body: signedInWebSession() },
    ...routes,
  });
  await session.reload();
  renderRoutes(appRoutes, '/');
  return server;
}

// The root and the layouts are lazy route modules (ADR 029): load them once before the tests, so the first test
// does not spend its timeout transforming them.
beforeAll(() =>
  Promise.all([
    import('./root.tsx'),
    import('./app-shell.tsx'),
    import('../../components/layouts/public-layout.tsx'),
  ]),
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the home page by role', () => {
  it('an administrator sees each held level: cleared share and a path to act on every count that is not zero', async () => {
    const server = await renderHome({
      'GET /api/app/profile': {
        status: 200,
        body: homeProfile([homeAccess(club, 'Club', 'Admin'), homeAccess(lions, 'U10 Lions', 'Manager')]),
      },
      [`GET /api/app/hierarchy-level/${club}/home-summary`]: { status: 200, body: homeSummary(club, 'Club') },
      [`GET /api/app/hierarchy-level/${lions}/home-summary`]: {
        status: 200,
        body: homeSummary(lions, 'U10 Lions', { memberCount: 0, clearedCount: 0, overdueCount: 0 }),
      },
      'GET /api/app/requirement/my-requirements': {
        status: 200,
        body: { profileId: 'p', overallStatus: MemberOverallStatus.NoRequirements, items: [], totalCount: 0 },
      },
    });
    const clubCard = (await screen.findByRole('heading', { name: 'Club' }, { timeout: 5000 })).closest(
      'section',
    )!;
    expect(await within(clubCard as HTMLElement).findByText('75%')).toBeInTheDocument();
    expect(within(clubCard as HTMLElement).getByRole('meter', { name: 'Club cleared' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(within(clubCard as HTMLElement).getByRole('link', { name: 'See who is overdue' })).toHaveAttribute(
      'href',
      `/levels/${club}/dashboard?requirementStatuses=${RequirementStatus.Overdue}`,
    );
    expect(
      within(clubCard as HTMLElement).getByRole('link', { name: 'Open the review queue' }),
    ).toHaveAttribute('href', '/reviews');
    expect(
      within(clubCard as HTMLElement).getByRole('link', { name: 'See who has not joined' }),
    ).toHaveAttribute(
      'href',
      `/levels/${club}/dashboard?overallStatuses=${MemberOverallStatus.NotActivated}`,
    );
    // Nothing expiring: no link to chase.
    expect(
      within(clubCard as HTMLElement).queryByRole('link', { name: 'See what expires' }),
    ).not.toBeInTheDocument();

    const lionsCard = screen.getByRole('heading', { name: 'U10 Lions' }).closest('section') as HTMLElement;
    expect(await within(lionsCard).findByText('0%')).toBeInTheDocument();
    // A manager who does not review is sent to the dashboard's pending list instead of the queue.
    expect(within(lionsCard).getByRole('link', { name: 'See them' })).toHaveAttribute(
      'href',
      `/levels/${lions}/dashboard?requirementStatuses=${RequirementStatus.PendingReview}`,
    );
    // Staff with nothing assigned to them see no empty to-do list.
    expect(screen.queryByRole('heading', { name: 'Your to-do list' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/system/info')).toHaveLength(0);
  });

  it('a member sees their overall status and what is left to do, most urgent first', async () => {
    const server = await renderHome({
      'GET /api/app/profile': { status: 200, body: homeProfile([homeAccess(lions, 'U10 Lions', null)]) },
      'GET /api/app/requirement/my-requirements': {
        status: 200,
        body: {
          profileId: 'p',
          overallStatus: MemberOverallStatus.Incomplete,
          items: [
            requirement(3, RequirementStatus.Completed, 'Waiver'),
            requirement(4, RequirementStatus.Incomplete, 'Birth certificate'),
            requirement(5, RequirementStatus.Overdue, 'Concussion video'),
          ],
          totalCount: 3,
        },
      },
    });
    const todo = (await screen.findByRole('heading', { name: 'Your to-do list' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      await within(todo).findByText('Your status: Incomplete.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const links = within(todo).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Concussion video'),
      expect.stringContaining('Birth certificate'),
      'All my requirements (3)',
    ]);
    expect(links[0]).toHaveAttribute('href', `/requirements/${homeUuid(5)}`);
    expect(server.callsTo('GET', `/api/app/hierarchy-level/${lions}/home-summary`)).toHaveLength(0);
  });

  it('a disqualified member is told to contact the organization and how to appeal', async () => {
    await renderHome({
      'GET /api/app/profile': { status: 200, body: homeProfile([homeAccess(lions, 'U10 Lions', null)]) },
      'GET /api/app/requirement/my-requirements': {
        status: 200,
        body: {
          profileId: 'p',
          overallStatus: MemberOverallStatus.Disqualified,
          items: [{ ...requirement(3, RequirementStatus.Rejected, 'Background check'), nextAction: null }],
          totalCount: 1,
        },
      },
      'GET /api/app/organization/organization-list': {
        status: 200,
        body: {
          items: [
            {
              id: 'org-1',
              initials: 'RY',
              name: 'Riverside Youth Soccer League',
              image: null,
              showCustomerConfiguredBackgroundCheckNotice: false,
              isDemo: false,
              reviewBackgroundChecksExternally: false,
              isPartner: false,
              profileId: 'profile-1',
              phone: '+1 (555) 010-0100',
              website: 'riverside.example.org',
            },
          ],
          totalCount: 1,
        },
      },
    });
    expect(
      await screen.findByText(/You are disqualified\. Contact your organization/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const appeal = await screen.findByRole('region', { name: 'How to appeal' });
    expect(within(appeal).getByRole('link', { name: '+1 (555) 010-0100' })).toHaveAttribute(
      'href',
      'tel:+15550100100',
    );
    expect(within(appeal).getByRole('link', { name: /riverside\.example\.org/ })).toHaveAttribute(
      'href',
      'https://riverside.example.org',
    );
    expect(appeal).toHaveTextContent('an administrator of Riverside Youth Soccer League can reverse');
    expect(screen.getByText('Disqualified: contact your organization')).toBeInTheDocument();
  });
});
