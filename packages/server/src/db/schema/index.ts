// The one place drizzle-kit and the Drizzle client read the whole schema from.
export * from './audit-events.ts';
export * from './organizations.ts';
export * from './hierarchy-levels.ts';
export * from './members.ts';
export * from './mail-outbox.ts';
export * from './web-sessions.ts';
export * from './files.ts';
export * from './invitations.ts';
export * from './requirements.ts';
export * from './rate-limit-counters.ts';
export * from './integrations.ts';
export * from './request-path.ts';
export * from './billing.ts';
export * from './member-reminders.ts';
export * from './background-checks.ts';
export * from './credentials.ts';
export * from './member-payments.ts';
