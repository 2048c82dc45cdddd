import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fcraConsentText, type BackgroundCheckView } from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { BackgroundCheckPanel } from './background-check-panel.tsx';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '11111111-1111-4111-8111-111111111111';
const at = (call: string) => `/api/app/requirement/${definitionId}/${call}`;
const view = (over: Partial<BackgroundCheckView> = {}): BackgroundCheckView => ({
  memberRequirementId: '33333333-3333-4333-8333-333333333333',
  definitionId,
  name: 'Background check',
  status: RequirementStatus.Incomplete,
  vendor: 'Yardstik',
  sandbox: true,
  packageName: 'Volunteer basic',
  payer: 'organization',
  expiresAt: null,
  consentText: fcraConsentText,
  consent: null,
  order: null,
  adverseAction: null,
  next: 'consent',
  organizationNotice: null,
  ...over,
});

function show() {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <BackgroundCheckPanel
            requirement={{ definitionId, profileLevelAccessId: plaId }}
            memberName="Alex Morgan"
            canAct
          />
        ),
      },
    ],
    '/',
  );
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the background-check panel', () => {
  it('shows the disclosure and authorization in full, names the sandbox, and checks the form before sending', async () => {
    const server = serveGlobally({ [`GET ${at('background-check-by-id')}`]: { status: 200, body: view() } });
    show();
    expect(await screen.findByRole('region', { name: /Disclosure regarding/ })).toHaveTextContent(
      fcraConsentText.disclosure,
    );
    expect(screen.getByRole('region', { name: 'Authorization' })).toHaveTextContent(
      fcraConsentText.authorization,
    );
    expect(screen.getByText(/Sandbox/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sign the authorization' }));
    expect(screen.getByRole('checkbox', { name: /I have read the disclosure/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(server.callsTo('POST', at('record-consent'))).toHaveLength(0);
  });

  it('shows the organization’s own notice when it has one (orgData showCustomerConfiguredBackgroundCheckNotice)', async () => {
    serveGlobally({
      [`GET ${at('background-check-by-id')}`]: {
        status: 200,
        body: view({ organizationNotice: 'Coaches renew every two years.\nAsk the registrar for help.' }),
      },
    });
    show();
    const notice = await screen.findByRole('region', { name: 'A notice from your organization' });
    expect(notice).toHaveTextContent('Coaches renew every two years.');
    expect(notice).toHaveTextContent('Ask the registrar for help.');
  });

  it('shows no organization notice when there is none', async () => {
    serveGlobally({ [`GET ${at('background-check-by-id')}`]: { status: 200, body: view() } });
    show();
    expect(await screen.findByRole('region', { name: /Disclosure regarding/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'A notice from your organization' })).toBeNull();
  });

  it('sends the signed consent with the text version and the address', async () => {
    let signed = false;
    const server = serveGlobally({
      [`GET ${at('background-check-by-id')}`]: () => ({
        status: 200,
        body: view(signed ? { next: 'run' } : {}),
      }),
      [`POST ${at('record-consent')}`]: () => {
        signed = true;
        return { status: 200, body: view({ next: 'run' }) };
      },
    });
    show();
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read the disclosure/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I authorize/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Type your full name/ }), 'Alex Morgan');
    await userEvent.type(screen.getByRole('textbox', { name: /Street address/ }), '1 Pitch Lane');
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Portland');
    await userEvent.type(screen.getByRole('textbox', { name: /^State/ }), 'OR');
    await userEvent.type(screen.getByRole('textbox', { name: /ZIP code/ }), '97201');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the authorization' }));
    expect(await screen.findByRole('button', { name: 'Order my background check' })).toBeVisible();
    const [call] = server.callsTo('POST', at('record-consent'));
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      textVersion: fcraConsentText.version,
      acceptDisclosure: true,
      acceptAuthorization: true,
      typedName: 'Alex Morgan',
      address: { line1: '1 Pitch Lane', city: 'Portland', state: 'OR', postalCode: '97201' },
    });
  });

  it('a member-paid check says where to pay, and shows why it cannot be ordered yet', async () => {
    serveGlobally({
      [`GET ${at('background-check-by-id')}`]: {
        status: 200,
        body: view({ next: 'pay-and-run', payer: 'member' }),
      },
      [`POST ${at('run-and-pay-background-check-user')}`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Enter your card to pay for the check',
            validationErrors: [
              { field: 'paymentMethodId', in: 'body', message: 'Enter your card to pay for the check' },
            ],
          },
        },
      },
    });
    show();
    expect(await screen.findByText(/pay for it under “What you owe” on this page/)).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Order my paid check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Enter your card|invalid/);
  });

  it('shows the dispute thread with who wrote each message, and sends the member’s response', async () => {
    const disputeUntil = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const server = serveGlobally({
      [`GET ${at('background-check-by-id')}`]: {
        status: 200,
        body: view({
          status: RequirementStatus.PendingReview,
          next: 'none',
          adverseAction: {
            stage: 'pre-adverse',
            reason: 'A county record',
            disputeUntil,
            disputes: [
              { at: '2026-11-20T10:00:00.000Z', message: 'That record is not mine.', from: 'member' },
              { at: '2026-11-21T10:00:00.000Z', message: 'The agency is reinvestigating.', from: 'agency' },
            ],
          },
        }),
      },
      [`POST ${at('background-check-dispute')}`]: {
        status: 200,
        body: { stage: 'pre-adverse', disputeUntil, disputes: 3 },
      },
    });
    show();
    expect(await screen.findByText('That record is not mine.')).toBeVisible();
    expect(screen.getByText(/The screening agency \(passed on by your organization\)/)).toBeVisible();
    const box = screen.getByLabelText(/Respond to the notice/);
    await userEvent.click(screen.getByRole('button', { name: 'Send my response' }));
    expect(await screen.findByText('Write your response')).toBeVisible();
    expect(server.callsTo('POST', at('background-check-dispute'))).toHaveLength(0);
    await userEvent.type(box, 'Here is the court document.');
    await userEvent.click(screen.getByRole('button', { name: 'Send my response' }));
    await expect.poll(() => server.callsTo('POST', at('background-check-dispute')).length).toBe(1);
    const [call] = server.callsTo('POST', at('background-check-dispute'));
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ message: 'Here is the court document.' });
  });
});
