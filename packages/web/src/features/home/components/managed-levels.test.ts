import { describe, expect, it } from 'vitest';
import { homeAccess, homeProfile, homeUuid } from './home-fixtures.ts';
import { managedLevelLimit, managedLevels } from './managed-levels.ts';

describe('managedLevels', () => {
  it('keeps the levels held as manager or higher in this organization, once each, and who reviews there', () => {
    const profile = homeProfile([
      homeAccess(homeUuid(1), 'Club', 'Admin'),
      homeAccess(homeUuid(2), 'U10 Lions', 'Manager'),
      homeAccess(homeUuid(3), 'U12 Tigers', null),
      homeAccess(homeUuid(2), 'U10 Lions', 'Director'),
      homeAccess(homeUuid(4), 'Elsewhere', 'Admin', { organizationId: homeUuid(7) }),
    ]);
    expect(managedLevels(profile)).toEqual([
      { levelId: homeUuid(1), levelName: 'Club', roleLabel: 'Admin', reviews: true },
      { levelId: homeUuid(2), levelName: 'U10 Lions', roleLabel: 'Director', reviews: true },
    ]);
  });

  it('gives a manager alone no review queue, and a plain member no level', () => {
    expect(managedLevels(homeProfile([homeAccess(homeUuid(2), 'U10 Lions', 'Manager')]))).toEqual([
      { levelId: homeUuid(2), levelName: 'U10 Lions', roleLabel: 'Coach', reviews: false },
    ]);
    expect(managedLevels(homeProfile([homeAccess(homeUuid(3), 'U12 Tigers', null)]))).toEqual([]);
  });

  it(`shows at most ${managedLevelLimit} levels`, () => {
    const many = Array.from({ length: 9 }, (_, i) => homeAccess(homeUuid(i + 1), `Team ${i}`, 'Manager'));
    expect(managedLevels(homeProfile(many))).toHaveLength(managedLevelLimit);
  });
});
