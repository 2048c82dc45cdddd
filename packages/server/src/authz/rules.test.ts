import { describe, expect, it } from 'vitest';
import type { ActorContext, Grant } from './actor-context.ts';
import { holdsAnywhere, holdsAt, reachablePaths, rolesAt } from './rules.ts';

const grant = (levelPath: string, role: Grant['role']): Grant => ({
  profileLevelAccessId: `pla-${levelPath}`,
  hierarchyLevelId: levelPath.split('/').at(-2) ?? '',
  levelPath,
  labelId: 'label',
  role,
});
const ctx = (grants: Grant[], platformAdmin = false): ActorContext => ({
  userId: 'u',
  profileId: 'p',
  organizationId: 'o',
  platformAdmin,
  grants,
});

describe('level roles (ADR 007)', () => {
  it('apply at their level and every level below, never above or beside', () => {
    const director = ctx([grant('/root/east/', 'Director')]);
    expect(holdsAt(director, 'directorLevelOrHigher', '/root/east/')).toBe(true);
    expect(holdsAt(director, 'directorLevelOrHigher', '/root/east/u10/team/')).toBe(true);
    expect(holdsAt(director, 'directorLevelOrHigher', '/root/')).toBe(false);
    expect(holdsAt(director, 'directorLevelOrHigher', '/root/west/')).toBe(false);
    expect(holdsAt(director, 'adminLevel', '/root/east/')).toBe(false);
    expect(holdsAt(director, 'managerLevelOrHigher', '/root/east/x/')).toBe(true);
  });

  it('combine across accesses, and a plain member label gives no role', () => {
    const member = ctx([grant('/root/', null), grant('/root/west/', 'Manager')]);
    expect(rolesAt(member, '/root/west/a/')).toEqual(['Manager']);
    expect(holdsAt(member, 'managerLevelOrHigher', '/root/')).toBe(false);
    expect(holdsAnywhere(member, 'managerLevelOrHigher')).toBe(true);
    expect(holdsAnywhere(member, 'directorLevelOrHigher')).toBe(false);
  });

  it('reads account-manager-only as the spec says: Account Manager without Admin or Director where it applies', () => {
    const am = ctx([grant('/root/', 'Account Manager'), grant('/root/east/', 'Director')]);
    expect(holdsAt(am, 'accountManagerOnly', '/root/west/')).toBe(true);
    expect(holdsAt(am, 'accountManagerOnly', '/root/east/')).toBe(false);
  });

  it('gives the platform admin every check everywhere', () => {
    const platform = ctx([], true);
    expect(holdsAt(platform, 'adminLevel', '/any/')).toBe(true);
    expect(holdsAt(platform, 'platformAdmin', '/any/')).toBe(true);
    expect(reachablePaths(platform, 'managerLevelOrHigher')).toEqual(['/']);
  });

  it('reaches only the topmost levels where a check holds', () => {
    const many = ctx([
      grant('/root/east/', 'Manager'),
      grant('/root/east/u10/', 'Director'),
      grant('/root/west/', 'Director'),
      grant('/root/north/', null),
    ]);
    expect(reachablePaths(many, 'managerLevelOrHigher').sort()).toEqual(['/root/east/', '/root/west/']);
    expect(reachablePaths(many, 'directorLevelOrHigher').sort()).toEqual(['/root/east/u10/', '/root/west/']);
    expect(reachablePaths(many, 'adminLevel')).toEqual([]);
  });
});
