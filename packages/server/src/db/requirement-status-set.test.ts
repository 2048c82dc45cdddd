import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { requirementStatusBits, requirementStatusesIn } from './requirement-status-set.ts';

describe('the stored set of requirement statuses', () => {
  it('reads back exactly the statuses written, once each, lowest first', () => {
    const statuses: number[] = Object.values(RequirementStatus);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...statuses)), (written) => {
        const bits = requirementStatusBits(written);
        expect(bits).toBeLessThan(1 << 16);
        expect(requirementStatusesIn(bits)).toEqual([...new Set(written)].sort((a, b) => a - b));
      }),
    );
  });
});
