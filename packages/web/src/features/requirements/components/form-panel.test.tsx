import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormField } from '@touchline/contracts/content';
import type { FormSubmission, RequirementFile } from '@touchline/contracts/requirement-completion';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { FormPanel, type FormPanelProps } from './form-panel.tsx';
import { FakeUpload } from './upload-fixtures.ts';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '11111111-1111-4111-8111-111111111111';
const formVersionId = '55555555-5555-4555-8555-555555555555';
const path = `/api/app/requirement/${definitionId}/complete-form`;
const fileId = '66666666-6666-4666-8666-666666666666';

const fields: FormField[] = [
  { id: 'name', label: 'Player name', kind: 'text', required: true },
  { id: 'allergic', label: 'Any allergies?', kind: 'radio', required: true, options: ['Yes', 'No'] },
  {
    id: 'allergies',
    label: 'Which allergies?',
    kind: 'textarea',
    required: true,
    visibleWhen: { fieldId: 'allergic', equals: 'Yes' },
  },
  { id: 'age', label: 'Age', kind: 'number', required: false },
  { id: 'team', label: 'Team', kind: 'select', required: false, options: ['U10', 'U12'] },
  { id: 'consent', label: 'I consent to first aid', kind: 'checkbox', required: true },
  { id: 'positions', label: 'Positions', kind: 'checkbox', required: false, options: ['Keeper', 'Defender'] },
  { id: 'card', label: 'Insurance card', kind: 'file', required: false },
];

const result = {
  memberRequirementId: '33333333-3333-4333-8333-333333333333',
  definitionId,
  profileId: '44444444-4444-4444-8444-444444444444',
  status: RequirementStatus.Completed,
  completedAt: '2026-11-23T16:00:00.000Z',
  files: [],
};

function show({
  canSubmit = true,
  submission = null,
}: Partial<Pick<FormPanelProps, 'canSubmit' | 'submission'>> = {}) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <FormPanel
            requirement={{ definitionId, profileLevelAccessId: plaId }}
            formVersionId={formVersionId}
            fields={fields}
            canSubmit={canSubmit}
            submission={submission}
          />
        ),
      },
    ],
    '/',
  );
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send the form' }));

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a built form', () => {
  it('checks the required fields before sending and moves focus to the first', async () => {
    const server = serveGlobally({});
    show();
    await send();
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Some answers need your attention.');
    const name = screen.getByRole('textbox', { name: /Player name/ });
    expect(name).toHaveAccessibleDescription('Fill in this field');
    expect(name).toHaveFocus();
    expect(screen.getByRole('group', { name: /Any allergies/ })).toHaveAccessibleDescription(
      'Choose an option',
    );
    expect(screen.getByRole('checkbox', { name: /I consent/ })).toHaveAccessibleDescription(
      'Tick this box to continue',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('shows a conditional field only while its condition holds, and sends it empty when hidden', async () => {
    const server = serveGlobally({ [`POST ${path}`]: { status: 200, body: result } });
    show();
    expect(screen.queryByRole('textbox', { name: /Which allergies/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const allergies = screen.getByRole('textbox', { name: /Which allergies/ });
    await userEvent.type(allergies, 'Peanuts');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: /Which allergies/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Player name/ }), 'Sam');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '11');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'U12');
    await userEvent.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Defender' }));
    await send();
    expect(await screen.findByText('Form sent.')).toBeVisible();
    const [call] = server.callsTo('POST', path);
    expect(call?.path).toBe(`${path}?plaId=${plaId}`);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      formVersionId,
      answers: {
        name: 'Sam',
        allergic: 'No',
        allergies: null,
        age: 11,
        team: 'U12',
        consent: true,
        positions: ['Defender'],
        card: null,
      },
    });
  });

  it('puts the server’s field errors on their fields', async () => {
    serveGlobally({
      [`POST ${path}`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The request is invalid',
            validationErrors: [{ field: 'answers.name', in: 'body', message: 'Use the name on the ID' }],
          },
        },
      },
    });
    show();
    await userEvent.type(screen.getByRole('textbox', { name: /Player name/ }), 'Sam');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await send();
    const name = screen.getByRole('textbox', { name: /Player name/ });
    expect(await screen.findByText('Use the name on the ID')).toBeVisible();
    expect(name).toHaveAccessibleDescription('Use the name on the ID');
    expect(name).toHaveFocus();
  });

  it('uploads an attachment as soon as it is chosen and answers with its id', async () => {
    FakeUpload.install({
      id: fileId,
      role: 'form-attachment:card',
      name: 'card.pdf',
      contentType: 'application/pdf',
      byteSize: 2048,
      uploadedAt: '2026-11-23T16:00:00.000Z',
    });
    const server = serveGlobally({ [`POST ${path}`]: { status: 200, body: result } });
    show();
    const file = new File(['%PDF-1.4'], 'card.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Insurance card'), file);
    const attached = await screen.findByRole('button', { name: 'Remove card.pdf' });
    expect(attached.parentElement).toHaveTextContent('card.pdf (2.0 KB)');
    expect(FakeUpload.sent[0]?.url).toBe(
      `/api/app/requirement/${definitionId}/content-form-file?plaId=${plaId}&fieldId=card`,
    );
    expect(FakeUpload.sent[0]?.body.get('file')).toBeInstanceOf(File);

    await userEvent.type(screen.getByRole('textbox', { name: /Player name/ }), 'Sam');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await send();
    await screen.findByText('Form sent.');
    const body = JSON.parse(server.callsTo('POST', path)[0]?.body ?? '{}') as {
      answers: Record<string, unknown>;
    };
    expect(body.answers.card).toBe(fileId);
  });
});

describe('earlier answers', () => {
  const card: RequirementFile = {
    id: fileId,
    role: 'form-attachment:card',
    name: 'card.pdf',
    contentType: 'application/pdf',
    byteSize: 2048,
    uploadedAt: '2026-11-20T10:00:00.000Z',
  };
  // Version 1 offered U14, since removed; the member's answers to it.
  const earlier: FormSubmission = {
    formVersion: {
      id: '77777777-7777-4777-8777-777777777777',
      version: 1,
      fields: fields.map((f) => (f.id === 'team' ? { ...f, options: ['U10', 'U12', 'U14'] } : f)),
    },
    answers: {
      name: 'Sam',
      allergic: 'Yes',
      allergies: 'Peanuts',
      age: 11,
      team: 'U14',
      consent: true,
      positions: ['Keeper'],
      card: fileId,
    },
    submittedAt: '2026-11-20T10:00:00.000Z',
    attachments: [card],
  };

  it('fill the form in when it must be sent again, leaving out what the form no longer offers', async () => {
    const server = serveGlobally({ [`POST ${path}`]: { status: 200, body: result } });
    show({ submission: earlier });
    expect(screen.getByText(/Your earlier answers are filled in/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Player name/ })).toHaveValue('Sam');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Which allergies/ })).toHaveValue('Peanuts');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveValue(11);
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /I consent/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Keeper' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove card.pdf' })).toBeVisible();
    await send();
    await screen.findByText('Form sent.');
    expect(JSON.parse(server.callsTo('POST', path)[0]?.body ?? '{}')).toEqual({
      formVersionId,
      answers: { ...earlier.answers, team: null },
    });
  });

  it('show what was sent, read-only, once the form is sent', () => {
    serveGlobally({});
    show({ canSubmit: false, submission: { ...earlier, answers: { ...earlier.answers, allergic: 'No' } } });
    const sent = screen.getByRole('region', { name: /Your answers/ });
    expect(sent).toHaveTextContent('Player nameSam');
    expect(sent).toHaveTextContent('Insurance cardcard.pdf');
    expect(sent).toHaveTextContent('PositionsKeeper');
    expect(sent).not.toHaveTextContent('Which allergies?');
    expect(screen.queryByRole('button', { name: 'Send the form' })).not.toBeInTheDocument();
  });
});
