import type { HomeSummary } from '@touchline/contracts/home';
import type { ActiveProfile, ProfileLevelAccess } from '@touchline/contracts/profiles';

/** Test data of the home page: one organization, its levels, and a profile holding roles in it. */
export const homeOrgId = '99999999-9999-4999-8999-999999999999';
const profileId = '88888888-8888-4888-8888-888888888888';
/** A v4-shaped id from a digit, readable in failures. */
export const homeUuid = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;

/** One access of the test profile (or, with `other`, of another organization). */
export const homeAccess = (
  levelId: string,
  levelName: string,
  role: string | null,
  other: { organizationId?: string; profileId?: string } = {},
): ProfileLevelAccess => ({
  id: `${levelId.slice(0, 8)}-5555-4555-8555-555555555555`,
  profileId: other.profileId ?? profileId,
  organizationId: other.organizationId ?? homeOrgId,
  hierarchyLevelId: levelId,
  levelName,
  labelId: homeUuid(6),
  roleLabel: role === null ? 'Player' : role === 'Manager' ? 'Coach' : role,
  role,
  groupMembershipStatus: 1,
  overallStatus: 0,
  externalId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** The active profile holding the given accesses. */
export const homeProfile = (accesses: ProfileLevelAccess[]): ActiveProfile => ({
  id: profileId,
  userId: 'user-1',
  organizationId: homeOrgId,
  organizationPhoto: null,
  organizationName: 'Riverside Youth Soccer League',
  organizationPaymentMethodProvided: false,
  organizationContent: [],
  userAwaitingIndividualPaymentContent: [],
  backgroundCheckPaymentInfo: [],
  aptPaymentInfo: [],
  hierarchyLevelId: accesses[0]?.hierarchyLevelId ?? null,
  currentLevelId: null,
  currentLevelName: null,
  currentLevelRole: null,
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'alex@example.org',
  tabs: [],
  roles: [],
  levelRoles: [],
  remember: false,
  pendingReviewCount: null,
  profileContactInformationId: null,
  profileId,
  profilePicture: null,
  profileLevelAccesses: accesses,
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: null,
});

/** A level's summary with the given counts over sensible defaults. */
export const homeSummary = (
  levelId: string,
  name: string,
  counts: Partial<HomeSummary> = {},
): HomeSummary => ({
  level: { id: levelId, name },
  memberCount: 40,
  clearedCount: 30,
  overdueCount: 3,
  pendingReviewCount: 2,
  expiringCount: 0,
  pendingInvitationCount: 5,
  ...counts,
});
