import { describe, expect, it } from 'vitest';
import {
  bulkMaxProfileLevelAccesses,
  membersImportColumns,
  membersImportRequiredColumns,
  membersImportTemplateCsv,
  setGroupMembershipStatusBulkBodySchema,
} from './member-admin.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('member administration contracts', () => {
  it('takes 1 to 1000 access ids and an Active/Inactive status (§4: 0/1)', () => {
    const ok = setGroupMembershipStatusBulkBodySchema.safeParse({
      profileLevelAccessIds: [id(1)],
      groupMembershipStatus: 1,
    });
    expect(ok.success).toBe(true);
    expect(
      setGroupMembershipStatusBulkBodySchema.safeParse({
        profileLevelAccessIds: [],
        groupMembershipStatus: 0,
      }).success,
    ).toBe(false);
    const tooMany = Array.from({ length: bulkMaxProfileLevelAccesses + 1 }, (_, i) => id(i));
    expect(
      setGroupMembershipStatusBulkBodySchema.safeParse({
        profileLevelAccessIds: tooMany,
        groupMembershipStatus: 0,
      }).success,
    ).toBe(false);
    expect(
      setGroupMembershipStatusBulkBodySchema.safeParse({
        profileLevelAccessIds: [id(1)],
        groupMembershipStatus: 2,
      }).success,
    ).toBe(false);
  });

  it('offers a template whose header is every column, the required ones included', () => {
    const [header, ...rows] = membersImportTemplateCsv.trim().split('\n');
    expect(header?.split(',')).toEqual([...membersImportColumns]);
    expect(membersImportRequiredColumns.every((c) => header?.includes(c))).toBe(true);
    expect(rows.every((row) => row.split(',').length === membersImportColumns.length)).toBe(true);
  });
});
