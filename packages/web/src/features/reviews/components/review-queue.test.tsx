import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewListItem } from '@touchline/contracts/reviews';
import { ReviewQueue } from './review-queue.tsx';

const item = (n: number, reviewSource: ReviewListItem['reviewSource']): ReviewListItem => ({
  key: `key-${n}`,
  memberRequirementId: `requirement-${n}`,
  definitionId: 'definition',
  plaId: `pla-${n}`,
  memberName: `Coach ${n}`,
  requirementName: reviewSource === 'SexOffenderSearch' ? 'Registry search' : 'Birth certificate',
  requirementType: reviewSource === 'SexOffenderSearch' ? 6 : 0,
  reviewSource,
  levelId: 'level',
  levelName: 'Staff',
  completedAt: '2026-11-20T10:00:00.000Z',
  decision: null,
});

const queue = (items: ReviewListItem[], onCheckAll = vi.fn()) =>
  render(
    <ReviewQueue
      items={items}
      historical={false}
      selectedKey={null}
      checked={new Set()}
      onSelect={vi.fn()}
      onCheck={vi.fn()}
      onCheckAll={onCheckAll}
    />,
  );

describe('the Pending queue’s bulk selection', () => {
  it('offers no checkbox for a possible registry match, which is decided on its own', async () => {
    const onCheckAll = vi.fn();
    queue([item(1, 'ManualUpload'), item(2, 'SexOffenderSearch')], onCheckAll);
    expect(screen.getByRole('checkbox', { name: 'Select Coach 1, Birth certificate' })).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: 'Select Coach 2, Registry search' })).toBeNull();
    expect(screen.getByText('A possible registry match is decided on its own')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every requirement on this page' }));
    expect(onCheckAll).toHaveBeenCalledWith(true);
  });

  it('disables "select every" when nothing on the page can take a bulk decision', () => {
    queue([item(2, 'SexOffenderSearch')]);
    expect(screen.getByRole('checkbox', { name: 'Select every requirement on this page' })).toBeDisabled();
  });
});
