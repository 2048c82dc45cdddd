import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormField } from '@touchline/contracts/content';
import { FormBuilder } from './form-builder.tsx';
import { FormPreview } from './form-preview.tsx';

function Harness({
  initial = [] as FormField[],
  errors = {},
}: {
  initial?: FormField[];
  errors?: Record<string, string>;
}) {
  const [fields, setFields] = useState<FormField[]>(initial);
  return (
    <>
      <FormBuilder fields={fields} errors={errors} onChange={setFields} />
      <FormPreview fields={fields} />
      <output data-testid="fields">{JSON.stringify(fields)}</output>
    </>
  );
}
const current = () => JSON.parse(screen.getByTestId('fields').textContent ?? '[]') as FormField[];

describe('the form builder', () => {
  it('adds questions with a kind, options and required, and previews them from the same fields', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Any allergies?');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Answer type of question 1' }), 'radio');
    const options = screen.getByRole('textbox', { name: /Options of question 1/ });
    await user.clear(options);
    await user.type(options, 'Yes{enter}No');
    await user.click(screen.getByRole('checkbox', { name: 'Question 1 is required' }));
    expect(current()).toEqual([
      { id: 'field-1', label: 'Any allergies?', kind: 'radio', required: true, options: ['Yes', 'No'] },
    ]);
    const preview = within(screen.getByRole('region', { name: 'Preview' }));
    expect(preview.getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
  });

  it('shows a question only when an earlier answer matches, in the preview too', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { id: 'a', label: 'Any allergies?', kind: 'radio', required: true, options: ['Yes', 'No'] },
          { id: 'b', label: 'Which ones?', kind: 'textarea', required: false },
        ]}
      />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Question' }), 'a');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Answer is' }), 'Yes');
    expect(current()[1]?.visibleWhen).toEqual({ fieldId: 'a', equals: 'Yes' });
    const preview = within(screen.getByRole('region', { name: 'Preview' }));
    expect(preview.queryByRole('textbox', { name: 'Which ones?' })).toBeNull();
    await user.click(preview.getByRole('radio', { name: 'Yes' }));
    expect(preview.getByRole('textbox', { name: 'Which ones?' })).toBeInTheDocument();
    await user.click(preview.getByRole('radio', { name: 'No' }));
    expect(preview.queryByRole('textbox', { name: 'Which ones?' })).toBeNull();
  });

  it('reorders and removes, dropping a rule that would point below its question', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { id: 'a', label: 'First', kind: 'checkbox', required: false },
          {
            id: 'b',
            label: 'Second',
            kind: 'text',
            required: false,
            visibleWhen: { fieldId: 'a', equals: 'true' },
          },
          { id: 'c', label: 'Third', kind: 'date', required: false },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Move up: First' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move up: Second' }));
    expect(current().map((f) => [f.id, f.visibleWhen ?? null])).toEqual([
      ['b', null],
      ['a', null],
      ['c', null],
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove: Third' }));
    expect(current().map((f) => f.id)).toEqual(['b', 'a']);
  });

  it('shows field errors on their questions', () => {
    render(
      <Harness
        initial={[{ id: 'a', label: '', kind: 'select', required: false, options: [''] }]}
        errors={{ 'fields.0.label': 'Enter a label', 'fields.0.options': 'Add at least one option' }}
      />,
    );
    expect(screen.getByText('Enter a label')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Add at least one option')).toBeInTheDocument();
  });
});
