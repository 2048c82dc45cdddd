import { describe, expect, it } from 'vitest';
import {
  createOrganizationBodySchema,
  organizationInitials,
  organizationListQuerySchema,
  type CreateOrganizationInput,
} from './organizations.ts';

const draft: CreateOrganizationInput = {
  general: { name: ' Riverside ', website: 'riverside.example.org', phone: '', countryCode: 'US' },
  admin: { firstName: 'Dana', lastName: 'Director', email: ' dana@example.org ' },
  roleRequirements: [{ roleLabel: 'Coach' }],
};
const issues = (input: unknown) =>
  createOrganizationBodySchema
    .safeParse(input)
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the create-organization draft (spec §3)', () => {
  it('fills the defaults: plan Basic 4900/46800, empty answers as null, https:// for a bare site', () => {
    const parsed = createOrganizationBodySchema.parse(draft);
    expect(parsed.plan).toEqual({ productName: 'Basic', monthUnitAmount: 4900, yearUnitAmount: 46800 });
    expect(parsed.general).toEqual({
      name: 'Riverside',
      website: 'https://riverside.example.org',
      phone: null,
      countryCode: 'US',
      stateCode: null,
      cityName: null,
    });
    expect(parsed.admin.email).toBe('dana@example.org');
    expect(parsed.roleRequirements).toEqual([
      {
        roleLabel: 'Coach',
        roleRequirementsIds: [],
        paidRoleRequirementsIds: [],
        requirementsDueDate: null,
        isDefault: false,
      },
    ]);
  });

  it('checks the country against the ISO list and the site and phone for shape', () => {
    expect(issues({ ...draft, general: { ...draft.general, countryCode: 'us' } })).toEqual([
      'general.countryCode: Must be an ISO 3166-1 alpha-2 country code',
    ]);
    expect(
      issues({ ...draft, general: { ...draft.general, website: 'ftp://x.org', phone: 'call me' } }),
    ).toEqual([
      'general.website: Enter a web address such as https://example.org',
      'general.phone: Enter a phone number: digits, spaces and + ( ) - . only',
    ]);
  });

  it('wants at least one role, unique names ignoring case, one default at most, paid among required', () => {
    const id = '0b9d3c1e-8a5f-4d2b-9c7e-1f2a3b4c5d6e';
    expect(issues({ ...draft, roleRequirements: [] })).toEqual(['roleRequirements: Add at least one role']);
    expect(
      issues({
        ...draft,
        roleRequirements: [
          { roleLabel: 'Coach', isDefault: true },
          { roleLabel: 'COACH', isDefault: true },
          { roleLabel: 'Player', paidRoleRequirementsIds: [id], requirementsDueDate: '2027-02-30' },
        ],
      }),
    ).toEqual([
      'roleRequirements.2.requirementsDueDate: Enter the due date as a date (YYYY-MM-DD)',
      'roleRequirements.1.roleLabel: Each role needs its own name',
      'roleRequirements.1.isDefault: Only one role can be the default',
      'roleRequirements.2.paidRoleRequirementsIds: A paid requirement must be one of the role’s requirements',
    ]);
  });
});

describe('the organization list', () => {
  it('has initials of up to two words', () => {
    expect(organizationInitials('Riverside Youth Soccer League')).toBe('RY');
    expect(organizationInitials('  élan   fc ')).toBe('ÉF');
    expect(organizationInitials('Solo')).toBe('S');
  });

  it('pages 1000 at a time by default, 1000 at most (spec §7, §9)', () => {
    expect(organizationListQuerySchema.parse({})).toEqual({ PerPage: 1000, Page: 1 });
    expect(organizationListQuerySchema.safeParse({ PerPage: '1001' }).success).toBe(false);
  });
});
