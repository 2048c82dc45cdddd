/** Where the incident calls live (spec §7 "Incidents") and the query key every incident read shares. */
export const incidentApi = '/api/app/incident';
/** Invalidated by every incident write, so lists and pages refresh. */
export const incidentsKey = ['incidents'] as const;
/** Invalidated by every condition write. */
export const conditionsKey = ['conditions'] as const;
