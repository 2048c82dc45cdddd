import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { renderRoutes } from '../../../test/render.tsx';
import { ContentList } from './content-list.tsx';

const row = (n: number, type: RequirementType, name: string) => ({
  id: `${String(n).repeat(8)}-1111-4111-8111-111111111111`,
  type,
  name,
  isOptional: false,
  sortOrder: n,
  assignmentCount: 0,
});

describe('the content library offers only what works (ADR 025)', () => {
  it('shows a type this client does not know as coming soon with Assign disabled, and assigns a built type', async () => {
    const onAssign = vi.fn();
    const items = [
      row(1, RequirementType.Waiver, 'Season waiver'),
      // Every spec type is built (ADR 039); a type number from a newer server is still never assignable here.
      row(2, 99 as RequirementType, 'Registry search'),
    ];
    renderRoutes(
      [
        {
          path: '/',
          element: <ContentList items={items} canManage onAssign={onAssign} onDelete={vi.fn()} />,
        },
      ],
      '/',
    );
    const soon = await screen.findByRole('button', { name: 'Assign Registry search' });
    expect(soon).toBeDisabled();
    expect(soon).toHaveAccessibleDescription(
      'Coming soon: members cannot complete this type yet, so it cannot be assigned.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Assign Season waiver' }));
    expect(onAssign).toHaveBeenCalledWith(items[0]);
    expect(onAssign).toHaveBeenCalledTimes(1);
  });

  it('the verification types are assignable (issue 29)', async () => {
    const onAssign = vi.fn();
    const items = [
      row(3, RequirementType.AgeVerification, 'Proof of age'),
      row(4, RequirementType.IdentityVerification, 'Photo ID'),
    ];
    renderRoutes(
      [
        {
          path: '/',
          element: <ContentList items={items} canManage onAssign={onAssign} onDelete={vi.fn()} />,
        },
      ],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Proof of age' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign Photo ID' }));
    expect(onAssign).toHaveBeenCalledTimes(2);
  });
});
