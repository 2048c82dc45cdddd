/** Where the platform administrator's integration calls live, and the query key they all share. */
export const integrationsApi = '/api/app/integrations';

/** Every query of this feature starts with this key, so an action refreshes them together. */
export const platformIntegrationsKey = ['platform-integrations'] as const;
