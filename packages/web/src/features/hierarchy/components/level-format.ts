/** The path of a level's page. */
export const levelPath = (levelId: string) => `/levels/${levelId}`;

/** The path of a level's members page (the members feature's own page). */
export const levelMembersPath = (levelId: string) => `/levels/${levelId}/members`;

/** The path of a level's dashboard: its members and every level's below, with statuses (ADR 016). */
export const levelDashboardPath = (levelId: string) => `/levels/${levelId}/dashboard`;

/** "1 member", "6 members": how a member count is shown and read out. */
export const membersLabel = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/** "1 level below", "3 levels below". */
export const levelsBelowLabel = (n: number) => (n === 1 ? '1 level below' : `${n} levels below`);
