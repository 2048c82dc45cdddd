import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbusePreventionTraining } from '@touchline/contracts/abuse-prevention-training';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { AbusePreventionPanel } from './abuse-prevention-panel.tsx';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '11111111-1111-4111-8111-111111111111';
const at = (call: string) => `/api/app/requirement/${definitionId}/${call}`;
const view = (over: Partial<AbusePreventionTraining> = {}): AbusePreventionTraining => ({
  memberRequirementId: '33333333-3333-4333-8333-333333333333',
  definitionId,
  name: 'Abuse prevention',
  status: RequirementStatus.Incomplete,
  provider: 'talentlms',
  sandbox: true,
  state: 'not_enrolled',
  percent: 0,
  enrolledAt: null,
  completedAt: null,
  expiresAt: null,
  certificate: null,
  mayTake: true,
  ...over,
});

function show(canAct = true) {
  renderRoutes(
    [
      {
        path: '/requirements/x',
        element: (
          <AbusePreventionPanel requirement={{ definitionId, profileLevelAccessId: plaId }} canAct={canAct} />
        ),
      },
    ],
    '/requirements/x',
  );
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the abuse-prevention training panel', () => {
  it('takes the training, then opens the course in a new tab once the provider enrolment exists', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    let launches = 0;
    let taken = false;
    const enrolling = view({
      state: 'enrolling',
      status: RequirementStatus.WaitingOnApplicant,
      mayTake: false,
    });
    const server = serveGlobally({
      [`GET ${at('abuse-prevention-training-by-id')}`]: () => ({
        status: 200,
        body: taken ? enrolling : view(),
      }),
      [`POST ${at('abuse-prevention-take-training')}`]: () => {
        taken = true;
        return { status: 200, body: enrolling };
      },
      [`GET ${at('get-training-url')}`]: () =>
        ++launches === 1
          ? { status: 409, body: { error: { code: 'conflict', message: 'The course is being set up' } } }
          : { status: 200, body: { url: 'http://127.0.0.1:9/sandbox-course/abc', sandbox: true } },
    });
    show();
    expect(
      await screen.findByText(/the TalentLMS sandbox \(a stand-in course for testing, not TalentLMS\)/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Take training' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://127.0.0.1:9/sandbox-course/abc'), {
      timeout: 4000,
    });
    expect(tab.opener).toBeNull();
    expect(server.callsTo('POST', at('abuse-prevention-take-training'))).toHaveLength(1);
    const [launch] = server.callsTo('GET', at('get-training-url'));
    expect(new URL(launch!.path, 'http://x').searchParams.get('returnPath')).toBe('/requirements/x');
    expect(await screen.findByText(/Setting up your course/)).toBeVisible();
  });

  it('shows the course in progress, with no upload while it is open', async () => {
    serveGlobally({
      [`GET ${at('abuse-prevention-training-by-id')}`]: {
        status: 200,
        body: view({
          state: 'in_progress',
          percent: 50,
          status: RequirementStatus.WaitingOnApplicant,
          mayTake: false,
        }),
      },
    });
    show();
    expect(await screen.findByText(/In progress at the TalentLMS sandbox .*: 50% done/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue the course' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Took the training elsewhere?' })).toBeNull();
  });

  it('shows a completion with its certificate', async () => {
    serveGlobally({
      [`GET ${at('abuse-prevention-training-by-id')}`]: {
        status: 200,
        body: view({
          state: 'completed',
          percent: 100,
          status: RequirementStatus.Completed,
          completedAt: '2026-11-27T10:00:00.000Z',
          expiresAt: '2027-11-27',
          mayTake: false,
          certificate: {
            id: '44444444-4444-4444-8444-444444444444',
            role: 'certificate',
            name: 'abuse-prevention-certificate-Keeper-2026-11-27.pdf',
            contentType: 'application/pdf',
            byteSize: 900,
            uploadedAt: '2026-11-27T10:00:00.000Z',
          },
        }),
      },
    });
    show();
    expect(
      await screen.findByText(/^Completed on .* at the TalentLMS sandbox .*, valid until /),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Download abuse-prevention-certificate-Keeper-2026-11-27.pdf' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Take training|Continue the course/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Took the training elsewhere?' })).toBeNull();
  });

  it('offers the upload of a course taken elsewhere, and asks for the completion date first', async () => {
    const server = serveGlobally({
      [`GET ${at('abuse-prevention-training-by-id')}`]: {
        status: 200,
        body: view({ provider: null, mayTake: false }),
      },
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Took the training elsewhere?' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Take training' })).toBeNull();
    await userEvent.upload(
      screen.getByLabelText('Certificate (PDF or photo)'),
      new File(['%PDF-1.4'], 'cert.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Enter the completion date printed on the certificate')).toBeVisible();
    expect(server.callsTo('POST', at('upload-abuse-prevention-training-certificate'))).toHaveLength(0);
  });
});
