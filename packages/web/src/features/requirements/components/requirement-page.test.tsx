import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myRequirementsPath, type MemberRequirement } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { memberRequirement, myRequirementsAnswer } from './requirement-fixtures.ts';
import { RequirementRoute } from './requirement-page.tsx';
import { FakeUpload } from './upload-fixtures.ts';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '11111111-1111-4111-8111-111111111111';
const base = `/api/app/requirement/${definitionId}`;
const completedAt = '2026-11-23T16:00:00.000Z';
const storedFile = {
  id: '66666666-6666-4666-8666-666666666666',
  role: 'document',
  name: 'id-card.pdf',
  contentType: 'application/pdf',
  byteSize: 4096,
  uploadedAt: completedAt,
};
const forbidden = { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed' } } };

/** A fake API over one requirement whose status the calls change. */
function serveOne(initial: MemberRequirement, routes: Parameters<typeof serveGlobally>[0] = {}) {
  const state = { item: initial };
  const server = serveGlobally({
    [`GET ${myRequirementsPath}`]: () => ({ status: 200, body: myRequirementsAnswer([state.item]) }),
    ...routes,
  });
  renderRoutes(
    [{ path: '/requirements/:definitionId', element: <RequirementRoute /> }],
    `/requirements/${definitionId}`,
  );
  return { server, state };
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a requirement page', () => {
  it('uploads a document and shows the new status at once', async () => {
    const { state } = serveOne(
      memberRequirement(definitionId, 'Photo ID', {
        dueDate: '2026-12-01',
        instructions: 'Both sides, please.',
      }),
      {
        [`GET /api/app/content/content-document/${definitionId}`]: forbidden,
        [`GET ${base}/files-to-view`]: () => ({
          status: 200,
          body: { items: state.item.completedAt ? [storedFile] : [] },
        }),
      },
    );
    FakeUpload.install({
      memberRequirementId: '33333333-3333-4333-8333-333333333333',
      definitionId,
      profileId: '44444444-4444-4444-8444-444444444444',
      status: RequirementStatus.Completed,
      completedAt,
      files: [storedFile],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo ID' })).toBeVisible();
    expect(screen.getByText('Incomplete')).toBeVisible();
    expect(screen.getByText('Due Dec 1, 2026')).toBeVisible();
    expect(screen.getByText('Both sides, please.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Open the template or link' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Choose a file to upload')).toBeVisible();

    state.item = {
      ...state.item,
      status: RequirementStatus.Completed,
      completedAt,
      nextAction: null,
      allowedActions: [],
    };
    await userEvent.upload(screen.getByLabelText('Choose your files'), new File(['%PDF-1.4'], 'id-card.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Status changed to Completed')).toBeInTheDocument();
    expect(FakeUpload.sent[0]?.url).toBe(`${base}/complete-document?plaId=${plaId}`);
    expect(FakeUpload.sent[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(await screen.findByRole('button', { name: 'Download id-card.pdf' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove id-card.pdf' })).not.toBeInTheDocument();
    expect(screen.getByText('Nothing to do')).toBeVisible();
  });

  it('lets the member remove a file while uploading is still allowed', async () => {
    const { server } = serveOne(
      memberRequirement(definitionId, 'Photo ID', { status: RequirementStatus.Rejected }),
      {
        [`GET /api/app/content/content-document/${definitionId}`]: forbidden,
        [`GET ${base}/files-to-view`]: { status: 200, body: { items: [storedFile] } },
        [`DELETE ${base}/delete-document-attachment/${storedFile.id}`]: {
          status: 200,
          body: {
            memberRequirementId: '33333333-3333-4333-8333-333333333333',
            definitionId,
            profileId: '44444444-4444-4444-8444-444444444444',
            status: RequirementStatus.Rejected,
            completedAt: null,
            files: [],
          },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove id-card.pdf' }));
    expect(await screen.findByText('id-card.pdf is removed.')).toBeVisible();
    expect(server.callsTo('DELETE', `${base}/delete-document-attachment/${storedFile.id}`)).toHaveLength(1);
  });

  it('opens a training in a new tab through take-custom-training', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { server } = serveOne(
      memberRequirement(definitionId, 'Safe coaching', { type: RequirementType.CustomTraining }),
      {
        [`GET ${base}/files-to-view`]: { status: 200, body: { items: [] } },
        [`POST ${base}/take-custom-training`]: {
          status: 200,
          body: { url: 'https://learn.example.org/course' },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Open the training/ }));
    expect(await screen.findByRole('link', { name: /Open the training/ })).toHaveAttribute(
      'href',
      'https://learn.example.org/course',
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('https://learn.example.org/course');
    expect(tab.opener).toBeNull();
    expect(server.callsTo('POST', `${base}/take-custom-training`)[0]?.path).toContain(`plaId=${plaId}`);
    expect(screen.getByLabelText('Choose your certificate')).toBeVisible();
  });

  it('reads a sent form as the member’s requirement and shows the answers they sent', async () => {
    const contentPath = `/api/app/content/content-form/${definitionId}`;
    const fields = [{ id: 'name', label: 'Player name', kind: 'text', required: true }];
    const version = { id: '55555555-5555-4555-8555-555555555555', version: 1 };
    const { server } = serveOne(
      memberRequirement(definitionId, 'Medical form', {
        type: RequirementType.Form,
        status: RequirementStatus.Completed,
        completedAt,
        allowedActions: [],
        nextAction: null,
      }),
      {
        [`GET ${contentPath}`]: {
          status: 200,
          body: {
            id: definitionId,
            type: RequirementType.Form,
            content: { fields },
            formVersion: version,
            file: null,
            submission: {
              formVersion: { ...version, fields },
              answers: { name: 'Sam Keeper' },
              submittedAt: completedAt,
              attachments: [],
            },
          },
        },
      },
    );
    expect(await screen.findByRole('region', { name: /Your answers/ })).toHaveTextContent(
      'Player nameSam Keeper',
    );
    expect(server.callsTo('GET', contentPath)[0]?.path).toBe(`${contentPath}?plaId=${plaId}`);
  });

  it('says so when the requirement is not the member’s', async () => {
    serveGlobally({ [`GET ${myRequirementsPath}`]: { status: 200, body: myRequirementsAnswer([]) } });
    renderRoutes(
      [{ path: '/requirements/:definitionId', element: <RequirementRoute /> }],
      '/requirements/nope',
    );
    expect(await screen.findByRole('heading', { name: 'Requirement not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: /My requirements/ })).toHaveAttribute('href', '/requirements');
  });

  it('says which organization shared the credential that meets it, and when it was completed there', async () => {
    serveOne(
      memberRequirement(definitionId, 'Background screening', {
        type: RequirementType.USSoccer,
        status: RequirementStatus.Completed,
        nextAction: null,
        allowedActions: [],
        sharedCredential: { sourceOrganizationName: 'Hillcrest United', completedOn: '2026-03-02' },
      }),
    );
    expect(
      await screen.findByText(
        'Met by your US Soccer license shared from Hillcrest United, completed Mar 2, 2026.',
      ),
    ).toBeVisible();
  });

  it('offers no way to redo a requirement a shared credential meets; says how it is renewed and stopped', async () => {
    const { server } = serveOne(
      memberRequirement(definitionId, 'Background screening', {
        type: RequirementType.BackgroundCheck,
        status: RequirementStatus.ExpiringSoon,
        nextAction: null,
        allowedActions: [],
        sharedCredential: { sourceOrganizationName: 'Hillcrest United', completedOn: '2025-12-02' },
      }),
    );
    const section = await screen.findByRole('region', {
      name: 'Background screening: met by a shared credential',
    });
    expect(section).toHaveTextContent('Nothing to do here');
    expect(section).toHaveTextContent(
      'Your background check from Hillcrest United counts for this requirement, so there is nothing to complete or order here.',
    );
    expect(section).toHaveTextContent(
      'To renew it, renew it at Hillcrest United: while you share it, the renewal counts here too.',
    );
    expect(screen.getByText('Renew it at Hillcrest United')).toBeVisible();
    // No panel to order a check: its state is not even asked for.
    expect(screen.queryByRole('region', { name: 'Complete Background screening' })).toBeNull();
    expect(server.calls.some((c) => c.path.includes('background-check'))).toBe(false);
  });

  it('says nothing of sharing when the member met it here', async () => {
    serveOne(
      memberRequirement(definitionId, 'Photo ID', {
        status: RequirementStatus.Completed,
        completedAt,
        nextAction: null,
      }),
      { [`GET ${base}/files-to-view`]: { status: 200, body: { items: [] } } },
    );
    expect(await screen.findByRole('heading', { name: 'Photo ID', level: 1 })).toBeVisible();
    expect(screen.queryByText(/shared from/)).toBeNull();
  });
});
