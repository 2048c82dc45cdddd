import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { fakeStripe } from '../../../test/fake-stripe.ts';
import { InvoicesPage } from './invoices-page.tsx';
import { MemberPaysPage } from './member-pays-page.tsx';
import { PaymentPage } from './payment-page.tsx';

// Stripe.js cannot load here: the module boundary is mocked, and each test says what loadStripe resolves to.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

const sandboxUrl = 'http://127.0.0.1:4999';
const profile = (roles: string[]) => ({
  id: 'profile-1',
  userId: 'user-1',
  organizationId: 'org-1',
  organizationPhoto: null,
  organizationName: 'Riverside Youth Soccer League',
  organizationPaymentMethodProvided: false,
  organizationContent: [],
  userAwaitingIndividualPaymentContent: [],
  backgroundCheckPaymentInfo: [],
  aptPaymentInfo: [],
  hierarchyLevelId: null,
  currentLevelId: null,
  currentLevelName: null,
  currentLevelRole: null,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.org',
  tabs: [],
  roles,
  levelRoles: [],
  remember: false,
  pendingReviewCount: null,
  profileContactInformationId: null,
  profileId: 'profile-1',
  profilePicture: null,
  profileLevelAccesses: [],
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: null,
});
const summary = (card: unknown = null) => ({
  status: 'trialing',
  planName: 'Basic',
  monthUnitAmount: 4900,
  trialEndsAt: '2026-12-26T00:00:00.000Z',
  currentPeriodEndsAt: '2026-12-26T00:00:00.000Z',
  pastDueSince: null,
  graceEndsAt: null,
  card,
  provider: { name: 'Stripe sandbox', sandbox: true, publishableKey: 'pk_test_x', sandboxApiUrl: sandboxUrl },
});
const visa = { brand: 'visa', brandName: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 };
const invoice = (n: number) => ({
  id: `in_${n}`,
  number: `ABC-${n}`,
  status: 'paid',
  amountDue: 4900,
  amountPaid: 4900,
  currency: 'usd',
  createdAt: '2026-12-26T00:00:00.000Z',
  periodStart: '2026-12-26T00:00:00.000Z',
  periodEnd: '2027-01-26T00:00:00.000Z',
  hostedUrl: `${sandboxUrl}/hosted/invoices/in_${n}`,
  pdfUrl: `${sandboxUrl}/hosted/invoices/in_${n}/pdf`,
});

beforeEach(() => {
  session.restore(signedInWebSession());
  stripeJs.loadStripe.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('/account/billing/payment against the Stripe sandbox', () => {
  it('says it is the sandbox, sends the card to the sandbox only, shows a decline, then saves a Visa', async () => {
    const user = userEvent.setup();
    let saved = false;
    let declined = true;
    const server = serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile(['Admin']) },
      'GET /api/app/organization/org-1/billing': () => ({ status: 200, body: summary(saved ? visa : null) }),
      'POST /api/app/organization/org-1/payment-method/setup': {
        status: 201,
        body: {
          setupId: 'seti_1',
          clientSecret: 'seti_1_secret_x',
          publishableKey: 'pk_test_x',
          sandboxApiUrl: sandboxUrl,
        },
      },
      'POST /v1/payment_methods': { status: 200, body: { id: 'pm_1', object: 'payment_method' } },
      'POST /v1/setup_intents/seti_1/confirm': () =>
        declined
          ? {
              status: 402,
              body: {
                error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
              },
            }
          : { status: 200, body: { id: 'seti_1', status: 'succeeded', next_action: null } },
      'POST /api/app/organization/org-1/payment-method': () => {
        saved = true;
        return { status: 200, body: summary(visa) };
      },
    });
    renderRoutes(
      [{ path: '/account/billing/payment', element: <PaymentPage /> }],
      '/account/billing/payment',
    );
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    expect(screen.getByText(/Stripe sandbox: this is not Stripe/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Card number/), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText(/Expiry/), '12 / 34');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/organization/org-1/payment-method')).toHaveLength(0);

    declined = false;
    await user.clear(screen.getByLabelText(/Card number/));
    await user.type(screen.getByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('The card is saved.')).toBeInTheDocument();
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
    const sandboxCall = server.callsTo('POST', '/v1/payment_methods').at(-1)!;
    expect(new URLSearchParams(sandboxCall.body ?? '').get('card[number]')).toBe('4242424242424242');
    expect(new URLSearchParams(sandboxCall.body ?? '').get('key')).toBe('pk_test_x');
    const ours = server.calls.filter((c) => c.path.startsWith('/api/'));
    expect(ours.some((c) => (c.body ?? '').includes('4242'))).toBe(false);
    expect(server.callsTo('POST', '/api/app/organization/org-1/payment-method')[0]?.body).toBe(
      '{"setupId":"seti_1"}',
    );
  });

  it('shows the server’s refusal of a setup that was not confirmed', async () => {
    const user = userEvent.setup();
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile(['Admin']) },
      'GET /api/app/organization/org-1/billing': { status: 200, body: summary() },
      'POST /api/app/organization/org-1/payment-method/setup': {
        status: 201,
        body: {
          setupId: 'seti_2',
          clientSecret: 's',
          publishableKey: 'pk_test_x',
          sandboxApiUrl: sandboxUrl,
        },
      },
      'POST /v1/payment_methods': { status: 200, body: { id: 'pm_2' } },
      'POST /v1/setup_intents/seti_2/confirm': { status: 200, body: { id: 'seti_2', status: 'succeeded' } },
      'POST /api/app/organization/org-1/payment-method': validationFailed({
        field: 'setupId',
        in: 'body',
        message: 'The card still needs authentication',
      }),
    });
    renderRoutes(
      [{ path: '/account/billing/payment', element: <PaymentPage /> }],
      '/account/billing/payment',
    );
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry/), '1/30');
    await user.type(screen.getByLabelText(/CVC/), '1');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('The card still needs authentication')).toBeInTheDocument();
  });

  it('tells a member who is not an administrator that billing is not theirs, and asks the server nothing', async () => {
    const server = serveGlobally({ 'GET /api/app/profile': { status: 200, body: profile([]) } });
    renderRoutes(
      [{ path: '/account/billing/payment', element: <PaymentPage /> }],
      '/account/billing/payment',
    );
    expect(
      await screen.findByText(/Only your organization’s administrators manage its billing/),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.includes('/billing'))).toHaveLength(0);
  });
});

describe('/account/billing/payment against Stripe', () => {
  it('confirms the SetupIntent with Stripe Elements, shows Stripe’s refusal, then saves the setup', async () => {
    const user = userEvent.setup();
    const fake = fakeStripe();
    fake.stripe.confirmSetup
      .mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ setupIntent: { id: 'seti_live_1', status: 'succeeded' } });
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const live = {
      ...summary(),
      provider: { name: 'Stripe', sandbox: false, publishableKey: 'pk_live_x', sandboxApiUrl: null },
    };
    let saved = false;
    const server = serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile(['Admin']) },
      'GET /api/app/organization/org-1/billing': () => ({
        status: 200,
        body: saved ? { ...live, card: visa } : live,
      }),
      'POST /api/app/organization/org-1/payment-method/setup': {
        status: 201,
        body: {
          setupId: 'seti_live_1',
          clientSecret: 'seti_live_1_secret_y',
          publishableKey: 'pk_live_x',
          sandboxApiUrl: null,
        },
      },
      'POST /api/app/organization/org-1/payment-method': () => {
        saved = true;
        return { status: 200, body: { ...live, card: visa } };
      },
    });
    renderRoutes(
      [{ path: '/account/billing/payment', element: <PaymentPage /> }],
      '/account/billing/payment',
    );
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    expect(screen.queryByText(/Stripe sandbox/)).toBeNull();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Enter card details' }));
    await vi.waitFor(() => expect(fake.created.map((c) => c.type)).toEqual(['payment']));
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_live_x');
    expect(fake.elementsOptions[0]).toEqual(
      expect.objectContaining({ clientSecret: 'seti_live_1_secret_y' }),
    );
    expect(screen.queryByLabelText(/Card number/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/organization/org-1/payment-method')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('The card is saved.')).toBeInTheDocument();
    expect(fake.stripe.confirmSetup).toHaveBeenLastCalledWith(
      expect.objectContaining({ redirect: 'if_required', elements: expect.anything() }),
    );
    expect(server.callsTo('POST', '/api/app/organization/org-1/payment-method')[0]?.body).toBe(
      '{"setupId":"seti_live_1"}',
    );
    expect(server.calls.some((c) => c.path.startsWith('/v1/'))).toBe(false);
  });
});

describe('/account/billing/invoices', () => {
  it('lists 20 a page with the PDF, older ones after the last id, and back', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => invoice(40 - i));
    const server = serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile(['Admin']) },
      'GET /api/app/organization/org-1/invoices/': { status: 200, body: { items: first, hasMore: true } },
      'GET /api/app/organization/org-1/invoices/in_21': {
        status: 200,
        body: { items: [invoice(20)], hasMore: false },
      },
    });
    renderRoutes(
      [{ path: '/account/billing/invoices', element: <InvoicesPage /> }],
      '/account/billing/invoices',
    );
    expect(await screen.findAllByTestId('invoice')).toHaveLength(20);
    expect(screen.getAllByRole('link', { name: 'PDF' })[0]).toHaveAttribute(
      'href',
      `${sandboxUrl}/hosted/invoices/in_40/pdf`,
    );
    await user.click(screen.getByRole('button', { name: 'Older invoices' }));
    expect(await screen.findByText(/ABC-20/)).toBeInTheDocument();
    expect(screen.getAllByTestId('invoice')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Older invoices' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Newer invoices' }));
    expect(await screen.findAllByTestId('invoice')).toHaveLength(20);
    expect(server.callsTo('GET', '/api/app/organization/org-1/invoices/in_21')).toHaveLength(1);
  });
});

describe('/account/billing/member-pays', () => {
  const check = '22222222-2222-4222-8222-222222222222';
  const licence = '33333333-3333-4333-8333-333333333333';
  const answer = (coach: string[], player: string[]) => ({
    roles: [
      { roleLabel: 'Coach', paidRoleRequirementsIds: coach },
      { roleLabel: 'Player', paidRoleRequirementsIds: player },
    ],
    requirements: [
      { id: check, name: 'Background check', type: 1, memberPrice: 2500, currency: 'usd' },
      { id: licence, name: 'Coaching licence', type: 0, memberPrice: null, currency: 'usd' },
    ],
  });

  it('shows each role’s paid requirements, saves a change for one role, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const server = serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile(['Admin']) },
      'GET /api/app/organization/org-1/role-paid-requirements': { status: 200, body: answer([], [check]) },
      'PUT /api/app/organization/org-1/role-paid-requirements': () =>
        refuse
          ? validationFailed({
              field: 'paidRoleRequirementsIds.0',
              in: 'body',
              message: 'This requirement is not one of the organization’s',
            })
          : { status: 200, body: answer([check], [check]) },
    });
    renderRoutes(
      [{ path: '/account/billing/member-pays', element: <MemberPaysPage /> }],
      '/account/billing/member-pays',
    );
    const coach = await screen.findByRole('region', { name: 'Coach' });
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByRole('checkbox', { name: 'Background check' })).toBeChecked();
    expect(within(coach).getByRole('checkbox', { name: 'Background check' })).not.toBeChecked();
    expect(within(coach).getByText('$25.00')).toBeInTheDocument();
    expect(within(coach).getByText('No price')).toBeInTheDocument();
    expect(within(coach).getByRole('button', { name: 'Save Coach' })).toBeDisabled();

    await user.click(within(coach).getByRole('checkbox', { name: 'Background check' }));
    await user.click(within(coach).getByRole('button', { name: 'Save Coach' }));
    expect(await screen.findByText('Saved what Coach members pay.')).toBeInTheDocument();
    expect(
      JSON.parse(
        server.callsTo('PUT', '/api/app/organization/org-1/role-paid-requirements')[0]!.body ?? '{}',
      ),
    ).toEqual({
      roleLabel: 'Coach',
      paidRoleRequirementsIds: [check],
    });
    expect(
      within(screen.getByRole('region', { name: 'Coach' })).getByRole('checkbox', {
        name: 'Background check',
      }),
    ).toBeChecked();

    refuse = true;
    const playerNow = screen.getByRole('region', { name: 'Player' });
    await user.click(within(playerNow).getByRole('checkbox', { name: 'Coaching licence' }));
    await user.click(within(playerNow).getByRole('button', { name: 'Save Player' }));
    expect(
      await within(playerNow).findByText('This requirement is not one of the organization’s'),
    ).toBeInTheDocument();
  });
});
