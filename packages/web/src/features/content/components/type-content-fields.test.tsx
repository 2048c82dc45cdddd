import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { backgroundCheckContentSchema } from '@touchline/contracts/background-checks';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { sexOffenderSearchContentSchema } from '@touchline/contracts/sex-offender-search';
import { TypeContentFields } from './type-content-fields.tsx';

function Harness({
  seen,
  type = RequirementType.BackgroundCheck,
}: {
  seen: Record<string, unknown>[];
  type?: number;
}) {
  const [content, setContent] = useState<Record<string, unknown>>({});
  return (
    <TypeContentFields
      type={type}
      content={content}
      errors={{}}
      file={null}
      onChange={(next) => {
        seen.push(next);
        setContent(next);
      }}
      onFile={() => {}}
    />
  );
}

describe('the background-check definition fields', () => {
  it('name the vendor, and for Yardstik the package and who pays, as the content schema reads them', async () => {
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} />);
    expect(screen.queryByRole('textbox', { name: /Package id/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Background-check vendor' }),
      'Yardstik',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Package id/ }), 'pkg-1');
    await userEvent.type(screen.getByRole('textbox', { name: /Package name/ }), 'Volunteer');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who pays' }), 'member');
    const last = seen.at(-1)!;
    expect(backgroundCheckContentSchema.parse(last)).toEqual({
      vendor: 'Yardstik',
      packageId: 'pkg-1',
      packageName: 'Volunteer',
      payer: 'member',
    });
    expect(backgroundCheckContentSchema.safeParse({ vendor: 'Yardstik' }).success).toBe(false);
  });
});

describe('the sex offender search definition fields', () => {
  it('show the yearly default, take a cadence and a package, and read "empty" as never re-run', async () => {
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} type={RequirementType.SexOffenderSearch} />);
    const cadence = screen.getByRole('spinbutton', { name: 'Run the search again every (days)' });
    expect(cadence).toHaveValue(365);
    await userEvent.clear(cadence);
    expect(sexOffenderSearchContentSchema.parse(seen.at(-1))).toEqual({
      packageId: null,
      rerunEveryDays: null,
    });
    await userEvent.type(cadence, '180');
    await userEvent.type(screen.getByRole('textbox', { name: /Package id/ }), 'pkg-sor');
    expect(sexOffenderSearchContentSchema.parse(seen.at(-1))).toEqual({
      packageId: 'pkg-sor',
      rerunEveryDays: 180,
    });
  });
});
