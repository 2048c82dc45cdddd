import { describe, expect, it } from 'vitest';
import { baseBodyOf, baseDraftOf } from './base-fields.tsx';

describe('who pays and the member price in the common fields', () => {
  it('reads cents as dollars and sends dollars as cents; an empty price is no price', () => {
    const draft = baseDraftOf(undefined);
    expect([draft.payer, draft.memberPrice]).toEqual(['organization', '']);
    expect(baseBodyOf(draft)).toMatchObject({ payer: 'organization', memberPrice: null });
    expect(baseBodyOf({ ...draft, payer: 'member', memberPrice: '$25.5' })).toMatchObject({
      payer: 'member',
      memberPrice: 2550,
    });
    expect(baseBodyOf({ ...draft, memberPrice: 'ten' }).memberPrice).toBe('ten');
  });
});
