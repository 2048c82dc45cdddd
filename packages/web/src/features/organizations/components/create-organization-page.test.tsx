import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { CreateOrganizationPage } from './create-organization-page.tsx';

const plans = [
  {
    id: 'p1',
    productName: 'Basic',
    monthUnitAmount: 4900,
    yearUnitAmount: 46800,
    currency: 'usd',
    isDefault: true,
  },
  {
    id: 'p2',
    productName: 'Plus',
    monthUnitAmount: 9900,
    yearUnitAmount: 94800,
    currency: 'usd',
    isDefault: false,
  },
];
const created = {
  id: 'org-9',
  name: 'Lakeside FC',
  rootLevelId: 'lvl-1',
  profileId: 'profile-9',
  adminInvited: false,
};
type Routes = Parameters<typeof serveGlobally>[0];

function renderWizard(routes: Routes = {}) {
  const server = serveGlobally({
    'GET /api/app/payment-plan/payment-plans/': { status: 200, body: plans },
    'POST /api/app/organization': { status: 201, body: created },
    'GET /api/app/organization/org-9/select-organization': {
      status: 200,
      body: { organizationId: 'org-9', profileId: 'profile-9', roles: ['Admin'] },
    },
    'POST /api/refresh-token': {
      status: 200,
      body: { token: fakeAccessToken(testClaims({ CurrentProfileId: 'profile-9' })), authTime: Date.now() },
    },
    ...routes,
  });
  const router = renderRoutes(
    [
      { path: '/organizations/new', element: <CreateOrganizationPage /> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    '/organizations/new',
  );
  return { server, router };
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

// Long journeys through three steps; a busy machine must not fail them on the 5 s default.
describe('the organization creation wizard', { timeout: 20_000 }, () => {
  it('starts on the plan step with Basic chosen and prices shown as money', async () => {
    renderWizard();
    const basic = await screen.findByRole('radio', { name: /Basic/ });
    expect(basic).toBeChecked();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('or $468.00 / year')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
  });

  it('checks each step before moving on, prefills the administrator and sends the draft', async () => {
    const user = userEvent.setup();
    const { server, router } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /Plus/ }));
    await next();
    await stepHeading('Organization details');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Alex');
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('alex@example.org');

    await next();
    const name = screen.getByLabelText(/Organization name/);
    expect(await screen.findByText('Enter the organization’s name')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'Lakeside FC');
    expect(screen.queryByText('Enter the organization’s name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Website/), 'lakeside.example.org');
    await next();
    await stepHeading('Role requirements');
    expect(screen.getByText(/add them under Content and assign them to these roles/)).toBeInTheDocument();

    const roleNames = () => screen.getAllByLabelText(/Role name/);
    expect(roleNames().map((input) => (input as HTMLInputElement).value)).toEqual([
      'Coach',
      'Volunteer',
      'Player',
    ]);
    await user.click(screen.getByRole('button', { name: 'Add a role' }));
    await user.type(roleNames()[3] as HTMLElement, 'coach');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Each role needs its own name')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/organization')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove coach' }));
    await user.click(
      screen.getAllByRole('radio', { name: 'Default role for new members' })[0] as HTMLElement,
    );
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = JSON.parse(server.callsTo('POST', '/api/app/organization')[0]?.body ?? '{}');
    expect(body.plan).toEqual({ productName: 'Plus', monthUnitAmount: 9900, yearUnitAmount: 94800 });
    expect(body.general).toMatchObject({
      name: 'Lakeside FC',
      website: 'https://lakeside.example.org',
      countryCode: 'US',
    });
    expect(body.admin).toEqual({ firstName: 'Alex', lastName: 'Morgan', email: 'alex@example.org' });
    expect(
      body.roleRequirements.map((r: { roleLabel: string; isDefault: boolean }) => [r.roleLabel, r.isDefault]),
    ).toEqual([
      ['Coach', true],
      ['Volunteer', false],
      ['Player', false],
    ]);
    expect(server.callsTo('GET', '/api/app/organization/org-9/select-organization')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('keeps the draft across a reload, on the step the user left', async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /Plus/ }));
    await next();
    await user.type(await screen.findByLabelText(/Organization name/), 'Harbor United');
    first.router.dispose();
    document.body.innerHTML = '';

    renderWizard();
    expect(await stepHeading('Organization details')).toBeInTheDocument();
    expect(screen.getByLabelText(/Organization name/)).toHaveValue('Harbor United');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /Plus/ })).toBeChecked();
  });

  it('puts the server’s field errors on their fields, back on the step that has them', async () => {
    const user = userEvent.setup();
    renderWizard({
      'POST /api/app/organization': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The request is invalid',
            validationErrors: [{ field: 'general.name', in: 'body', message: 'That name is taken' }],
          },
        },
      },
    });
    await next();
    await user.type(await screen.findByLabelText(/Organization name/), 'Taken FC');
    await next();
    await user.click(await screen.findByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Organization details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Organization name/)).toHaveFocus());
  });

  it('says who was invited when the administrator is someone else', async () => {
    const user = userEvent.setup();
    const { server } = renderWizard({
      'POST /api/app/organization': {
        status: 201,
        body: { ...created, profileId: null, adminInvited: true },
      },
    });
    await next();
    await user.type(await screen.findByLabelText(/Organization name/), 'Lakeside FC');
    const email = screen.getByLabelText(/^E-mail address/);
    await user.clear(email);
    await user.type(email, 'chair@lakeside.example.org');
    await next();
    await user.click(await screen.findByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('heading', { name: 'Lakeside FC is ready' })).toBeInTheDocument();
    expect(screen.getByText(/e-mailed its administrator an invitation/)).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/app/organization/org-9/select-organization')).toHaveLength(0);
  });
});
