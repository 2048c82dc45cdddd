import { z } from 'zod';
import { paginationQuerySchema } from './pagination.ts';
import { singleLineText } from './text.ts';

// The platform administrator's /admin area (issue 32, ADR 042): organizations, people, support access ("view as")
// and health. Every list is paged on the server; only TouchlineAdmin reaches any of it (404 to anyone else).

const when = z.iso.datetime({ offset: true });

/** The organizations list's filters: a name's part, demo or not, the subscription state, and the order. */
export const adminOrganizationQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  demo: z.enum(['true', 'false']).optional(),
  billing: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'must be a subscription state')
    .optional(),
  sort: z.enum(['name', 'created', 'activity']).default('name'),
});
/** The parsed organizations query. */
export type AdminOrganizationQuery = z.infer<typeof adminOrganizationQuerySchema>;

/** One organization as the platform administrator lists it. */
export const adminOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isDemo: z.boolean(),
  planProductName: z.string().nullable(),
  /** The billing account's subscription state ('none' before a subscription starts). */
  subscriptionStatus: z.string(),
  memberCount: z.number().int().nonnegative(),
  /** The screening vendors it is connected to (agency ids of granted clients, 'yardstik' once onboarded). */
  vendors: z.array(z.string()),
  createdAt: when,
  /** Its newest audit event: the last change anyone made in it. */
  lastActivityAt: when.nullable(),
});
/** One listed organization. */
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

/** The `:id` of an organization, a person or a support session in the /admin API. */
export const adminIdParamsSchema = z.object({ id: z.uuid() });

/** An organization's page in the /admin area: its tree, members, compliance, vendors, billing and webhooks. */
export const adminOrganizationDetailSchema = adminOrganizationSchema.extend({
  location: z.object({
    countryCode: z.string().nullable(),
    stateCode: z.string().nullable(),
    cityName: z.string().nullable(),
  }),
  levels: z.object({
    count: z.number().int().nonnegative(),
    depth: z.number().int().nonnegative(),
    topLevel: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
  /** Live accesses by the member overall status (spec §4, numeric), and the cleared share of them. */
  memberStatusCounts: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  clearedShare: z.number().min(0).max(1).nullable(),
  billing: z.object({
    subscriptionStatus: z.string(),
    trialEndsAt: when.nullable(),
    currentPeriodEndsAt: when.nullable(),
    billingEmailSet: z.boolean(),
  }),
  clientGrants: z.array(z.object({ agencyId: z.string(), clientId: z.string(), grantedAt: when })),
  yardstikStatus: z.string().nullable(),
  webhooks: z.object({
    last30Days: z.number().int().nonnegative(),
    unprocessed: z.number().int().nonnegative(),
  }),
});
/** One organization's page. */
export type AdminOrganizationDetail = z.infer<typeof adminOrganizationDetailSchema>;

/** A person of one organization the platform administrator may view as: their profile and roles there. */
export const adminOrganizationPersonSchema = z.object({
  profileId: z.uuid(),
  userId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
});
/** One person of an organization. */
export type AdminOrganizationPerson = z.infer<typeof adminOrganizationPersonSchema>;

/** A search within one organization's people (name or e-mail). */
export const adminSearchQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});
/** The parsed search query. */
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;

/** One line of an organization's audit trail as the platform administrator (or the organization) reads it. */
export const adminAuditEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.uuid().nullable(),
  actorUserId: z.uuid().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: when,
});
/** One audit event. */
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

/** An account as the /admin area's people search shows it. */
export const adminPersonSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailConfirmed: z.boolean(),
  platformAdmin: z.boolean(),
  lockedUntil: when.nullable(),
  createdAt: when,
});
/** One account. */
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** One account with its memberships in every organization. */
export const adminPersonDetailSchema = adminPersonSchema.extend({
  memberships: z.array(
    z.object({
      organizationId: z.uuid(),
      organizationName: z.string(),
      profileId: z.uuid(),
      accesses: z.array(
        z.object({ levelName: z.string(), labelName: z.string(), role: z.string().nullable() }),
      ),
    }),
  ),
});
/** One account's page. */
export type AdminPersonDetail = z.infer<typeof adminPersonDetailSchema>;

/** Grant (true) or withdraw (false) the platform role. */
export const platformAdminBodySchema = z.object({ grant: z.boolean() });

/** What an account action did, in words the operator reads. */
export const adminActionResultSchema = z.object({ message: z.string() });

/** Shortest reason a support session accepts: a ticket number and a few words. */
export const supportReasonMinLength = 10;
/** Longest a support session may last, and its default (issue 32: "e.g. 30 minutes"). */
export const supportSessionMaxMinutes = 60;
export const supportSessionDefaultMinutes = 30;

/** Starting support access: whom to view as, why, for how long, and whether writes are allowed (default: not). */
export const startSupportSessionBodySchema = z.object({
  profileId: z.uuid(),
  reason: singleLineText()
    .min(supportReasonMinLength, `Give a reason of at least ${supportReasonMinLength} characters`)
    .max(500),
  minutes: z.number().int().min(5).max(supportSessionMaxMinutes).default(supportSessionDefaultMinutes),
  allowWrites: z.boolean().default(false),
});
/** The parsed start body. */
export type StartSupportSessionBody = z.infer<typeof startSupportSessionBodySchema>;

/** A support session as the admin's banner and the organization's list show it. */
export const supportSessionSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  profileId: z.uuid(),
  viewedName: z.string(),
  /** The viewed person's account and the organization roles their labels carry, for the web's view of them. */
  viewedUserId: z.uuid(),
  viewedRoles: z.array(z.string()),
  adminUserId: z.uuid(),
  /** The administrator's name as it was when the session started. */
  adminName: z.string(),
  reason: z.string(),
  allowWrites: z.boolean(),
  startedAt: when,
  expiresAt: when,
  endedAt: when.nullable(),
  /** Ended early by one of the organization's own administrators (not by the platform's). */
  endedByOrganization: z.boolean(),
  /** True while it lasts: not ended and not expired. */
  active: z.boolean(),
});
/** One support session. */
export type SupportSession = z.infer<typeof supportSessionSchema>;

/** An organization's support session in its own path: /api/app/organization/{id}/support-sessions/{sessionId}. */
export const organizationSupportSessionParamsSchema = z.object({ id: z.uuid(), sessionId: z.uuid() });

/** Longest an organization's grant of incidents to support access lasts, in hours, and its default. */
export const supportIncidentGrantMaxHours = 72;
export const supportIncidentGrantDefaultHours = 24;

/** PUT /api/app/organization/{id}/support-incident-access: lets support access read incidents, for a while. */
export const supportIncidentGrantBodySchema = z.object({
  hours: z
    .number('Choose how many hours')
    .int('Choose whole hours')
    .min(1, 'At least one hour')
    .max(supportIncidentGrantMaxHours, `At most ${supportIncidentGrantMaxHours} hours`)
    .default(supportIncidentGrantDefaultHours),
});
/** The parsed grant body. */
export type SupportIncidentGrantBody = z.infer<typeof supportIncidentGrantBodySchema>;

/** Whether support access may read the organization's incidents now (off by default), and until when. */
export const supportIncidentGrantSchema = z.object({
  active: z.boolean(),
  expiresAt: when.nullable(),
  grantedByUserId: z.uuid().nullable(),
  grantedAt: when.nullable(),
});
/** The organization's incidents grant. */
export type SupportIncidentGrant = z.infer<typeof supportIncidentGrantSchema>;

/** The request header naming the support session a platform administrator's request runs under. */
export const supportSessionHeader = 'x-touchline-support-session';

/** The health page: queues, vendors, webhooks and mail, the numbers an operator reads first. */
export const adminHealthSchema = z.object({
  queues: z.array(
    z.object({
      queue: z.string(),
      queued: z.number().int(),
      retrying: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
      deadLetters: z.number().int(),
    }),
  ),
  vendors: z.array(
    z.object({
      vendor: z.string(),
      circuit: z.enum(['closed', 'open', 'half-open']),
      recentCalls: z.number().int(),
      recentFailures: z.number().int(),
      errorRate: z.number().min(0).max(1).nullable(),
    }),
  ),
  webhooks: z.object({
    unprocessed: z.number().int(),
    oldestUnprocessedAt: when.nullable(),
    lagSeconds: z.number().nullable(),
  }),
  mailOutbox: z.object({
    pending: z.number().int(),
    failing: z.number().int(),
    oldestPendingAt: when.nullable(),
  }),
  /** This server process's 5xx faults of the last day, scrubbed and grouped alike, most recent first. */
  recentErrors: z.object({
    total: z.number().int(),
    groups: z.array(
      z.object({
        route: z.string(),
        method: z.string(),
        name: z.string(),
        message: z.string(),
        count: z.number().int(),
        firstSeenAt: when,
        lastSeenAt: when,
        lastRequestId: z.string(),
      }),
    ),
  }),
  /** Whether this process exports OpenTelemetry traces, where to (an origin), and our sandbox's page in development. */
  tracing: z.object({
    exporting: z.boolean(),
    endpoint: z.string().nullable(),
    recentTracesUrl: z.string().nullable(),
  }),
});
/** The health numbers. */
export type AdminHealth = z.infer<typeof adminHealthSchema>;
