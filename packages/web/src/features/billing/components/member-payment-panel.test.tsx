import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { fakeStripe } from '../../../test/fake-stripe.ts';
import { MemberPaymentPanel } from './member-payment-panel.tsx';

// Stripe.js cannot load here: the module boundary is mocked, and each test says what loadStripe resolves to.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

const sandboxUrl = 'http://127.0.0.1:4998';
const pla = '11111111-1111-4111-8111-111111111111';
const check = '22222222-2222-4222-8222-222222222222';
const course = '33333333-3333-4333-8333-333333333333';
const item = (definitionId: string, name: string, amount: number) => ({
  definitionId,
  memberRequirementId: definitionId.replace(/^./, '4'),
  name,
  type: 0,
  amount,
  currency: 'usd',
  reason: 'definition',
});
const owed = (paid: boolean) => ({
  plaId: pla,
  items: paid ? [] : [item(check, 'Background check', 2500), item(course, 'Coaching course', 1500)],
  total: paid ? 0 : 4000,
  currency: 'usd',
  paid: paid ? [{ definitionId: check, name: 'Background check', amount: 2500 }] : [],
  processing: [],
  sandbox: true,
  card: { publishableKey: 'pk_test_m', sandboxApiUrl: sandboxUrl },
});

beforeEach(() => {
  session.restore(signedInWebSession());
  stripeJs.loadStripe.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('What you owe', () => {
  it('lists what the member owes, pays for the chosen ones with the sandbox card form, and shows a decline', async () => {
    const user = userEvent.setup();
    let paid = false;
    let declined = true;
    const server = serveGlobally({
      [`GET /api/app/requirement/awaiting-payment-by-individual/${pla}`]: () => ({
        status: 200,
        body: owed(paid),
      }),
      'POST /v1/payment_methods': { status: 200, body: { id: 'pm_1', object: 'payment_method' } },
      'POST /api/app/requirement/bulk-payment': () => {
        if (declined)
          return {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message:
                  'Your card was declined: Your card was declined. Nothing was charged; try another card.',
              },
            },
          };
        paid = true;
        return {
          status: 200,
          body: {
            id: '55555555-5555-4555-8555-555555555555',
            status: 'succeeded',
            amount: 2500,
            currency: 'usd',
            refundedAmount: 0,
            items: [{ definitionId: check, name: 'Background check', amount: 2500, state: 'paid' }],
            receiptEmail: 'robin@example.org',
            failureMessage: null,
            createdAt: '2026-11-27T00:00:00.000Z',
          },
        };
      },
    });
    renderRoutes([{ path: '/', element: <MemberPaymentPanel plaId={pla} /> }], '/');
    expect(await screen.findByText('Total: $40.00')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Coaching course' }));
    expect(screen.getByText('Total: $25.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(screen.getByText(/Stripe sandbox: this is not Stripe/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Card number/), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText(/Expiry/), '12 / 34');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText(/Your card was declined: .* Nothing was charged/)).toBeInTheDocument();
    declined = false;
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(
      await screen.findByText('Paid $25.00 for Background check. A receipt was sent to robin@example.org.'),
    ).toBeInTheDocument();
    const body = JSON.parse(server.callsTo('POST', '/api/app/requirement/bulk-payment').at(-1)!.body ?? '{}');
    expect(body).toEqual({ plaId: pla, definitionIds: [check], paymentMethodId: 'pm_1' });
    const ours = server.calls.filter((c) => c.path.startsWith('/api/'));
    expect(ours.some((c) => (c.body ?? '').includes('4242') || (c.body ?? '').includes('0002'))).toBe(false);
  });

  it('never loads Stripe.js against the sandbox', async () => {
    const user = userEvent.setup();
    serveGlobally({
      [`GET /api/app/requirement/awaiting-payment-by-individual/${pla}`]: { status: 200, body: owed(false) },
    });
    renderRoutes([{ path: '/', element: <MemberPaymentPanel plaId={pla} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));
    expect(screen.getByText(/Stripe sandbox: this is not Stripe/)).toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('pays with Stripe Elements when payments go to Stripe: the card becomes a PaymentMethod at Stripe', async () => {
    const user = userEvent.setup();
    const fake = fakeStripe();
    fake.stripe.createPaymentMethod
      .mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card number is incomplete.' } })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_live_1' } });
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const server = serveGlobally({
      [`GET /api/app/requirement/awaiting-payment-by-individual/${pla}`]: {
        status: 200,
        body: { ...owed(false), sandbox: false, card: { publishableKey: 'pk_live_m', sandboxApiUrl: null } },
      },
      'POST /api/app/requirement/bulk-payment': {
        status: 200,
        body: {
          id: '55555555-5555-4555-8555-555555555555',
          status: 'succeeded',
          amount: 4000,
          currency: 'usd',
          refundedAmount: 0,
          items: [
            { definitionId: check, name: 'Background check', amount: 2500, state: 'paid' },
            { definitionId: course, name: 'Coaching course', amount: 1500, state: 'paid' },
          ],
          receiptEmail: 'robin@example.org',
          failureMessage: null,
          createdAt: '2026-11-27T00:00:00.000Z',
        },
      },
    });
    renderRoutes([{ path: '/', element: <MemberPaymentPanel plaId={pla} /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));
    await vi.waitFor(() => expect(fake.created.map((c) => c.type)).toEqual(['card']));
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_live_m');
    expect(screen.queryByText(/Stripe sandbox/)).toBeNull();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    expect(
      screen.getByTestId('stripe-card-element').querySelector('[data-stripe-element="card"]'),
    ).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/requirement/bulk-payment')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(
      await screen.findByText(
        'Paid $40.00 for Background check and Coaching course. A receipt was sent to robin@example.org.',
      ),
    ).toBeInTheDocument();
    expect(fake.stripe.createPaymentMethod).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'card', card: expect.anything() }),
    );
    const body = JSON.parse(server.callsTo('POST', '/api/app/requirement/bulk-payment')[0]!.body ?? '{}');
    expect(body).toEqual({ plaId: pla, definitionIds: [check, course], paymentMethodId: 'pm_live_1' });
  });
});
