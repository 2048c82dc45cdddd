import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityConsentText, type IdentityVerification } from '@touchline/contracts/identity-verification';
import { facePhotoFailureMessages } from '@touchline/contracts/verification';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { IdentityVerificationPanel } from './identity-verification-panel.tsx';

const definitionId = '11111111-1111-4111-8111-111111111111';
const plaId = '22222222-2222-4222-8222-222222222222';
const base = `/api/app/requirement/${definitionId}`;
const state = (over: Partial<IdentityVerification>): IdentityVerification => ({
  definitionId,
  status: 'Incomplete',
  nextStep: 'consent',
  consent: { text: identityConsentText, version: 1, acceptedAt: null },
  vendorUrl: null,
  vendorIsSandbox: true,
  read: null,
  comparedWith: null,
  reasons: [],
  facePhotoChecked: false,
  ...over,
});

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

const panel = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <IdentityVerificationPanel definitionId={definitionId} profileLevelAccessId={plaId} canAct />
        ),
      },
    ],
    '/',
  );

describe('the identity verification panel', () => {
  it('asks for consent before anything starts, then shows the face photo guidance before the camera', async () => {
    const server = serveGlobally({
      [`GET ${base}/identity-verification`]: { status: 200, body: state({}) },
      [`POST ${base}/start-identity-verification`]: {
        status: 200,
        body: state({
          status: 'PendingVerification',
          nextStep: 'photo',
          consent: { text: identityConsentText, version: 1, acceptedAt: '2026-11-29T04:00:00.000Z' },
        }),
      },
    });
    panel();
    expect(await screen.findByText(identityConsentText)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Date of birth/), '2013-05-14');
    await userEvent.click(screen.getByRole('button', { name: 'Agree and start' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Read and accept the consent before you start');
    expect(server.callsTo('POST', `${base}/start-identity-verification`)).toHaveLength(0);
    await userEvent.click(screen.getByLabelText(/I have read this and I agree/));
    await userEvent.click(screen.getByRole('button', { name: 'Agree and start' }));
    expect(await screen.findByRole('heading', { name: 'A photo of your face' })).toBeInTheDocument();
    expect(screen.getByText(/No sunglasses, mask/)).toBeInTheDocument();
    expect(screen.getByLabelText('Take the photo')).toHaveAttribute('capture', 'user');
    expect(server.callsTo('POST', `${base}/start-identity-verification`)[0]?.path).toContain(
      'consent=accepted',
    );
  });

  it('shows the face check reason the server gives', async () => {
    serveGlobally({
      [`GET ${base}/identity-verification`]: {
        status: 200,
        body: state({ status: 'PendingVerification', nextStep: 'photo' }),
      },
      [`POST ${base}/progress-identity-verification`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: facePhotoFailureMessages.SunglassesDetected,
            details: 'SunglassesDetected',
          },
        },
      },
    });
    panel();
    await userEvent.upload(
      await screen.findByLabelText('Take the photo'),
      new File([new Uint8Array([1, 2, 3])], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Sunglasses detected')).toBeInTheDocument();
  });
});
