import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monitoringConsentText, type SexOffenderSearchView } from '@touchline/contracts/sex-offender-search';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { SexOffenderSearchPanel } from './sex-offender-search-panel.tsx';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '33333333-3333-4333-8333-333333333333';
const profileId = '66666666-6666-4666-8666-666666666666';
const base = `/api/app/requirement/${definitionId}`;
const view = (over: Partial<SexOffenderSearchView>): SexOffenderSearchView => ({
  memberRequirementId: '44444444-4444-4444-8444-444444444444',
  definitionId,
  name: 'Registry search',
  status: 0,
  sandbox: true,
  dateOfBirth: null,
  profileId,
  order: null,
  applyUrl: null,
  rerunEveryDays: 365,
  adverseAction: null,
  monitoring: null,
  next: 'set-birth-date',
  ...over,
});
const monitoring = (
  over: Partial<NonNullable<SexOffenderSearchView['monitoring']>>,
): SexOffenderSearchView['monitoring'] => ({
  consentText: { ...monitoringConsentText },
  consent: null,
  status: 'none',
  enrolledAt: null,
  deactivatedAt: null,
  knownAddress: { line1: '1 Pitch Lane', line2: '', city: 'Portland', state: 'OR', postalCode: '' },
  ...over,
});
const show = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <SexOffenderSearchPanel
            requirement={{ definitionId, profileLevelAccessId: plaId }}
            memberName="Mo Clear"
            canAct
          />
        ),
      },
    ],
    '/',
  );

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the sex offender search panel', () => {
  it('asks for the birth date when missing (set-date-of-birth, 204 only), then begins the search', async () => {
    let stored: string | null = null;
    let attempts = 0;
    let begun = false;
    const server = serveGlobally({
      [`GET ${base}/sex-offender-search-by-id`]: () => ({
        status: 200,
        body: view(stored ? { dateOfBirth: stored, next: begun ? 'wait' : 'begin' } : {}),
      }),
      [`POST /api/app/profile/${profileId}/set-date-of-birth`]: (call) => {
        attempts += 1;
        if (attempts === 1)
          return validationFailed({
            field: 'dateOfBirth',
            in: 'body',
            message: 'The date of birth cannot be in the future',
          });
        stored = JSON.parse(call.body!).dateOfBirth;
        return { status: 204 };
      },
      [`POST ${base}/begin-sex-offender-search`]: () => {
        begun = true;
        return { status: 200, body: view({ dateOfBirth: '1990-01-02', next: 'wait', status: 5 }) };
      },
    });
    show();
    expect(await screen.findByText(/needs your date of birth/)).toBeVisible();
    expect(screen.getByText(/Sandbox/)).toBeVisible();
    const field = screen.getByLabelText('Date of birth');
    await userEvent.type(field, '2990-01-02');
    await userEvent.click(screen.getByRole('button', { name: 'Save my date of birth' }));
    expect(await screen.findByText('The date of birth cannot be in the future')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '1990-01-02');
    await userEvent.click(screen.getByRole('button', { name: 'Save my date of birth' }));
    const begin = await screen.findByRole('button', { name: 'Start my registry search' });
    expect(
      JSON.parse(server.callsTo('POST', `/api/app/profile/${profileId}/set-date-of-birth`)[1]!.body!),
    ).toEqual({
      dateOfBirth: '1990-01-02',
      profileLevelAccessId: plaId,
    });
    await userEvent.click(begin);
    expect(await screen.findByText(/searching the registries/)).toBeVisible();
  });

  it('links the provider’s hosted authorization while it waits on the member', async () => {
    serveGlobally({
      [`GET ${base}/sex-offender-search-by-id`]: {
        status: 200,
        body: view({
          dateOfBirth: '1990-01-02',
          next: 'continue-at-vendor',
          applyUrl: 'http://sandbox.test/apply/r1',
        }),
      },
    });
    show();
    expect(await screen.findByRole('link', { name: /Continue at the provider/ })).toHaveAttribute(
      'href',
      'http://sandbox.test/apply/r1',
    );
  });

  it('shows a pre-adverse notice and sends the member’s response', async () => {
    const server = serveGlobally({
      [`GET ${base}/sex-offender-search-by-id`]: {
        status: 200,
        body: view({
          dateOfBirth: '1990-01-02',
          next: 'none',
          status: 7,
          adverseAction: {
            stage: 'pre-adverse',
            reason: 'The registry record matches',
            disputeUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(),
            disputes: [],
          },
        }),
      },
      [`POST ${base}/background-check-dispute`]: {
        status: 200,
        body: { stage: 'pre-adverse', disputeUntil: '2099-01-01T00:00:00.000Z', disputes: 1 },
      },
    });
    show();
    expect(await screen.findByText(/pre-adverse action notice: The registry record matches/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send my response' }));
    expect(screen.getByText('Write your response')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Respond to the notice/), 'Not me');
    await userEvent.click(screen.getByRole('button', { name: 'Send my response' }));
    await expect.poll(() => server.callsTo('POST', `${base}/background-check-dispute`).length).toBe(1);
    expect(JSON.parse(server.callsTo('POST', `${base}/background-check-dispute`)[0]!.body!)).toEqual({
      message: 'Not me',
    });
  });

  it('shows the thread with who wrote each entry: the member’s response and the organization’s reply', async () => {
    serveGlobally({
      [`GET ${base}/sex-offender-search-by-id`]: {
        status: 200,
        body: view({
          dateOfBirth: '1990-01-02',
          next: 'none',
          status: 7,
          adverseAction: {
            stage: 'pre-adverse',
            reason: 'The registry record matches',
            disputeUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(),
            disputes: [
              { at: '2026-11-21T10:00:00.000Z', message: 'That is my uncle', from: 'member' },
              { at: '2026-11-22T10:00:00.000Z', message: 'Please send a photo ID', from: 'organization' },
            ],
          },
        }),
      },
    });
    show();
    expect(await screen.findByText('That is my uncle')).toBeVisible();
    expect(screen.getByText(/^You ·/)).toBeVisible();
    expect(screen.getByText(/^Your organization ·/)).toBeVisible();
    expect(screen.getByText('Please send a photo ID')).toBeVisible();
  });

  it('offers the ongoing authorization (optional), shows it in full, signs it with the address, then withdraws it', async () => {
    let signed: SexOffenderSearchView['monitoring'] = null;
    let attempts = 0;
    const completed = { dateOfBirth: '1990-01-02', next: 'none' as const, status: 1 as const };
    const server = serveGlobally({
      [`GET ${base}/sex-offender-search-by-id`]: () => ({
        status: 200,
        body: view({ ...completed, monitoring: signed ?? monitoring({}) }),
      }),
      [`POST ${base}/sex-offender-monitoring-consent`]: (call) => {
        attempts += 1;
        if (attempts === 1)
          return validationFailed({
            field: 'typedName',
            in: 'body',
            message: "Type the member's full name: Mo Clear",
          });
        const body = JSON.parse(call.body!);
        signed = monitoring({
          consent: {
            recordedAt: '2026-11-27T10:00:00.000Z',
            textVersion: body.textVersion,
            typedName: body.typedName,
          },
          status: 'active',
          enrolledAt: '2026-11-27T10:05:00.000Z',
        });
        return { status: 200, body: view({ ...completed, monitoring: signed }) };
      },
      [`POST ${base}/withdraw-sex-offender-monitoring-consent`]: () => {
        signed = monitoring({ status: 'unenrolling' });
        return { status: 200, body: view({ ...completed, monitoring: signed }) };
      },
    });
    show();
    expect(
      await screen.findByText(/offers ongoing registry searches.*optional.*every 365 days/),
    ).toBeVisible();
    // Declining is simply not signing: "Not now" closes the form again.
    await userEvent.click(screen.getByRole('button', { name: 'Read and sign the ongoing authorization' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read and sign the ongoing authorization' }));
    const form = screen.getByRole('form', { name: 'Authorization for ongoing registry searches' });
    expect(form).toHaveTextContent(monitoringConsentText.disclosure);
    expect(form).toHaveTextContent(monitoringConsentText.authorization);
    expect(screen.getByLabelText(/Street address/)).toHaveValue('1 Pitch Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the ongoing authorization' }));
    expect(await screen.findByText('Accept the disclosure to continue')).toBeVisible();
    expect(server.callsTo('POST', `${base}/sex-offender-monitoring-consent`)).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('I have read the disclosure'));
    // The field put right loses its message at once; the others keep theirs until the next try.
    expect(screen.queryByText('Accept the disclosure to continue')).toBeNull();
    expect(screen.getByText('Sign the authorization to continue')).toBeVisible();
    await userEvent.click(screen.getByLabelText('I authorize ongoing registry searches'));
    await userEvent.type(screen.getByLabelText(/Type your full name/), 'Someone Else');
    await userEvent.type(screen.getByLabelText(/ZIP code/), '97201');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the ongoing authorization' }));
    expect(await screen.findByText("Type the member's full name: Mo Clear")).toBeVisible();
    await userEvent.clear(screen.getByLabelText(/Type your full name/));
    await userEvent.type(screen.getByLabelText(/Type your full name/), 'Mo Clear');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the ongoing authorization' }));
    expect(
      await screen.findByText(/Yardstik sandbox.*checks the sex offender registries for you every day/),
    ).toBeVisible();
    expect(screen.getByText(/not run again on a schedule/)).toBeVisible();
    expect(JSON.parse(server.callsTo('POST', `${base}/sex-offender-monitoring-consent`)[1]!.body!)).toEqual({
      textVersion: monitoringConsentText.version,
      acceptDisclosure: true,
      acceptAuthorization: true,
      typedName: 'Mo Clear',
      address: { line1: '1 Pitch Lane', line2: '', city: 'Portland', state: 'OR', postalCode: '97201' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw my ongoing authorization' }));
    expect(await screen.findByText(/ending with the screening provider/)).toBeVisible();
    expect(server.callsTo('POST', `${base}/withdraw-sex-offender-monitoring-consent`)).toHaveLength(1);
  });
});
