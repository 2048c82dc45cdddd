import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgeVerification } from '@touchline/contracts/age-verification';
import { documentImageErrorMessages } from '@touchline/contracts/verification';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { AgeVerificationPanel } from './age-verification-panel.tsx';
import { VerificationEvidence } from './verification-evidence.tsx';

const definitionId = '11111111-1111-4111-8111-111111111111';
const plaId = '22222222-2222-4222-8222-222222222222';
const path = `/api/app/requirement/${definitionId}/age-verification`;
const incomplete: AgeVerification = {
  definitionId,
  kind: 'Age',
  status: 'Incomplete',
  acceptedProofTypes: ['BirthCertificate', 'GovernmentIssuedPassport', 'GovernmentIssuedId'],
  maySubmit: true,
  dateOfBirth: null,
  dateOfBirthVerified: false,
  latest: null,
  abroadRule: null,
};
const inReview: AgeVerification = {
  ...incomplete,
  status: 'PendingReview',
  maySubmit: false,
  latest: {
    id: '33333333-3333-4333-8333-333333333333',
    proofType: 'GovernmentIssuedId',
    statedDateOfBirth: '2013-03-02',
    statedGrade: null,
    read: {
      sources: ['ocr', 'pdf417'],
      firstName: 'SAM',
      lastName: 'RIVERS',
      dateOfBirth: '2012-03-02',
      grade: null,
      documentExpiry: '2031-03-02',
      mrzValid: null,
    },
    comparedWith: { firstName: 'Sam', lastName: 'Rivers', dateOfBirth: '2013-03-02', grade: null },
    reasons: ['The date of birth read (2012-03-02) differs from the one stated (2013-03-02)'],
    sharpness: 640,
    submittedAt: '2026-11-28T10:00:00.000Z',
    decidedAt: null,
    imageKept: true,
  },
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });

// Typing and uploading through userEvent takes seconds on a loaded machine (as in the other long page tests).
describe('the member age verification panel', { timeout: 20_000 }, () => {
  it('shows the photo guidance before the camera, asks the date of birth, and shows a blurry refusal on the photo', async () => {
    const server = serveGlobally({
      [`GET ${path}`]: { status: 200, body: incomplete },
      [`POST ${path}`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: documentImageErrorMessages.TooBlurry,
            details: 'TooBlurry',
            validationErrors: [{ field: 'file', in: 'body', message: documentImageErrorMessages.TooBlurry }],
          },
        },
      },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: <AgeVerificationPanel definitionId={definitionId} profileLevelAccessId={plaId} canAct />,
        },
      ],
      '/',
    );
    expect(await screen.findByRole('region', { name: 'How to take the photo' })).toHaveTextContent(
      /good light/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText(/Date of birth/)).toHaveAccessibleDescription('Enter the date of birth');
    expect(server.callsTo('POST', path)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Date of birth/), '2013-05-14');
    await userEvent.upload(screen.getByLabelText('Photo of the document'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(documentImageErrorMessages.TooBlurry)).toBeInTheDocument();
    const [call] = server.callsTo('POST', path);
    expect(call?.path).toContain('proofType=BirthCertificate');
    expect(call?.path).toContain('dateOfBirth=2013-05-14');
  });

  it('states the abroad rule before any photo: citizenship first, then only the documents asked', async () => {
    const profileId = '44444444-4444-4444-8444-444444444444';
    const needed: AgeVerification = {
      ...incomplete,
      abroadRule: { proofTypes: ['GovernmentIssuedPassport'], applies: 'CitizenshipNeeded', profileId },
    };
    const server = serveGlobally({
      [`GET ${path}`]: { status: 200, body: needed },
      'POST /api/app/profile/save-citizenship-data': { status: 204 },
    });
    const panel = <AgeVerificationPanel definitionId={definitionId} profileLevelAccessId={plaId} canAct />;
    renderRoutes([{ path: '/', element: panel }], '/');
    expect(await screen.findByRole('form', { name: 'Citizenship' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Photo of the document')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save the citizenship' }));
    expect(screen.getByLabelText(/Country of citizenship/)).toHaveAccessibleDescription('Choose the country');
    await userEvent.selectOptions(screen.getByLabelText(/Country of citizenship/), 'CA');
    await userEvent.click(screen.getByRole('button', { name: 'Save the citizenship' }));
    await vi.waitFor(() =>
      expect(server.callsTo('POST', '/api/app/profile/save-citizenship-data')).toHaveLength(1),
    );
    const [saved] = server.callsTo('POST', '/api/app/profile/save-citizenship-data');
    expect(JSON.parse(saved?.body ?? '{}')).toEqual({ profileId, countryCode: 'CA', isCitizen: true });
    cleanup();

    serveGlobally({
      [`GET ${path}`]: {
        status: 200,
        body: { ...needed, abroadRule: { ...needed.abroadRule, applies: 'Applies' } },
      },
    });
    renderRoutes([{ path: '/', element: panel }], '/');
    expect(await screen.findByText(/This league asks a member born abroad for/)).toHaveTextContent(
      'Government Issued Passport',
    );
    const kinds = screen.getByLabelText('Kind of document');
    expect([...kinds.querySelectorAll('option')].map((o) => o.value)).toEqual(['GovernmentIssuedPassport']);
  });

  it('says a reviewer will check it when it went to review, with no form to hand in another', async () => {
    serveGlobally({ [`GET ${path}`]: { status: 200, body: inReview } });
    renderRoutes(
      [
        {
          path: '/',
          element: <AgeVerificationPanel definitionId={definitionId} profileLevelAccessId={plaId} canAct />,
        },
      ],
      '/',
    );
    expect(
      await screen.findByText('A reviewer of your organization will check your document.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

describe('the reviewer evidence', () => {
  it('shows what was read beside what the member stated, and why it was not cleared', async () => {
    serveGlobally({ [`GET ${path}`]: { status: 200, body: inReview } });
    renderRoutes(
      [
        {
          path: '/',
          element: <VerificationEvidence definitionId={definitionId} profileLevelAccessId={plaId} canAct />,
        },
      ],
      '/',
    );
    const evidence = await screen.findByRole('region', { name: 'Age verification evidence' });
    expect(evidence).toHaveTextContent(
      'The date of birth read (2012-03-02) differs from the one stated (2013-03-02)',
    );
    expect(evidence).toHaveTextContent('Read from: text (OCR), ID barcode (PDF417)');
    expect(screen.getByRole('row', { name: /Date of birth/ })).toHaveTextContent('2013-03-02');
    expect(screen.getByRole('button', { name: 'Show the document photo' })).toBeInTheDocument();
  });
});
