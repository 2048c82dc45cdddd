import { describe, expect, it } from 'vitest';

import {
  BackgroundCheckVendor,
  BackgroundCheckVendorKind,
  PartnerProviderType,
  backgroundCheckVendorSchema,
  partnerProviderTypeSchema,
} from './integrations.ts';

describe('integrations', () => {
  it('partner provider types are Test, LeagueApps, Amilia', () => {
    expect(Object.values(PartnerProviderType)).toEqual(['Test', 'LeagueApps', 'Amilia']);
    expect(partnerProviderTypeSchema.safeParse('leagueapps').success).toBe(false);
  });

  it('background-check vendors and kinds are the spec lists', () => {
    expect(Object.values(BackgroundCheckVendor)).toEqual([
      'ScoutLogic',
      'JDP',
      'NCSI',
      'Yardstik',
      'Generic',
    ]);
    expect(Object.values(BackgroundCheckVendorKind)).toEqual(['TazWorks', 'Yardstik']);
    expect(backgroundCheckVendorSchema.safeParse('Checkr').success).toBe(false);
  });
});
