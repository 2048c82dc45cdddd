import type { IdentityVerificationPort } from './integrations/identity/port.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ActorContext } from './authz/actor-context.ts';
import type { Database } from './db/client.ts';
import type { z } from 'zod';
import type { WebhookHint } from './integrations/webhooks/webhook-hint.ts';
import type { Executor } from './db/client.ts';
import type { AuditActor } from './db/audit.ts';
import type { RequirementType } from '@touchline/contracts/requirement-types';
import type { BillingPort } from './integrations/billing/port.ts';
import type { LicenseProviderPort } from './integrations/licenses/port.ts';
import type { ScreeningAccountsPort, ScreeningPort } from './integrations/screening/port.ts';
import type { TazworksAgencies } from './integrations/screening/tazworks-agency.ts';
import type { PartnerIntegrations } from './integrations/partners/partners-wiring.ts';
import type { TrainingProviderPort } from './integrations/training/port.ts';
import {
  createVendorHttpClient,
  type VendorHttpClient,
  type VendorHttpOptions,
} from './integrations/http/http-client.ts';
import type { MailTransport } from './mail/mailer.ts';
import type { Actor } from './plugins/authenticate.ts';
import type { IdentityDirectory } from './plugins/identity-directory.ts';
import type { FileKeyring } from './storage/file-cipher.ts';
import type { FileLinkSigner } from './storage/file-links.ts';
import type { Storage } from './storage/storage.ts';

// The contract between the composition root and the modules (ADR 028, ADR 038): the deps every use case receives and
// the types they are made of — the job queue's port, the vendor integrations, the webhook processors. A leaf: it
// imports no module and nothing that imports it back, so the root (main, worker, app, integrations-wiring,
// jobs/definitions, paid-work) depends on the modules and the modules depend only on this.

/** Builds one vendor's outbound client on the deployment's logger (integrations/http, ADR 027). */
export type VendorHttpFactory = (options: Omit<VendorHttpOptions, 'logger'>) => VendorHttpClient;

/**
 * Everything a use case may reach besides its input (ARCHITECTURE §2b, ADR 028), built once per process by the
 * composition root: buildApp for the server, the worker, the seeds. Routes, job handlers, webhook handlers and
 * seeds hand the same object to the same functions, so no use case knows Fastify or builds an adapter.
 */
export type Deps = {
  db: Database;
  /** The job queue: `enqueue(tx, …)` is the outbox (mail, vendor calls), workers run what was enqueued. */
  jobs: JobQueue;
  /** Where queued mail is delivered (SMTP or the development outbox); use cases queue mail through `jobs`. */
  transport: MailTransport;
  storage: Storage;
  /** Signs and checks the expiring download links of stored files. */
  fileLinks: FileLinkSigner;
  /** The keys that seal children's proof images at rest (ADR 039); opened only behind an expiring link. */
  fileKeys: FileKeyring;
  /** The identity calls besides tokens (accounts, current profile). */
  identityDirectory: IdentityDirectory;
  /** The vendor ports and webhook processors of this deployment (integrations-wiring.ts). */
  integrations: Integrations;
  /** The one outbound HTTP client, per vendor: timeouts, jittered retries, circuit breaker, redacted logs. */
  http: VendorHttpFactory;
  /** Now; replaced in tests that drive days. */
  clock: () => Date;
  /** The app's public origin without a trailing slash, for links in e-mails. */
  appUrl: string;
  log: FastifyBaseLogger;
};

/**
 * Who asks and for which request: the actor's organization context (or the token's actor where no organization
 * is selected yet) plus the request id the audit trail and logs carry.
 */
export type RequestContext<A = ActorContext> = A & { requestId: string };

/** A token actor with its request id: the use cases that run before an organization is selected. */
export type ActorRequestContext = RequestContext<Actor>;

/** What composeDeps needs; the clock and the HTTP factory have defaults. */
export type DepsParts = Omit<Deps, 'clock' | 'http' | 'identityDirectory'> & {
  clock?: () => Date;
  /** Absent in processes with no identity (the worker, seeds): a call then fails loudly, never silently. */
  identityDirectory?: IdentityDirectory;
};

/** The composition root's one constructor, so every process builds deps the same way. */
export function composeDeps(parts: DepsParts): Deps {
  return {
    ...parts,
    identityDirectory: parts.identityDirectory ?? unwiredIdentityDirectory,
    clock: parts.clock ?? (() => new Date()),
    http: (options) => createVendorHttpClient({ ...options, logger: parts.log }),
  };
}

const unwired = async (): Promise<never> => {
  throw new Error('no identity directory is wired in this process (the worker and seeds have none)');
};

/** The directory of a process that has no identity: every call throws, naming why. */
const unwiredIdentityDirectory: IdentityDirectory = {
  findUser: unwired,
  findUserByEmail: unwired,
  setUserContext: unwired,
  updateUserNames: unwired,
  confirmInvitedAddress: unwired,
};

/** What a handler learns about the run besides its payload: the job's id and which attempt this is (0 = first). */
export type JobContext = { jobId: string; attempt: number };

/**
 * One kind of job: a name, the zod schema of its payload (checked when enqueued and again when run), and a plain
 * handler a test can call directly. Handlers must be idempotent: a job runs at least once (ADR 021).
 */
export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  run(deps: JobDeps, payload: P, ctx: JobContext): Promise<unknown>;
  /** Attempts after the first, and the first delay; each later delay doubles (with jitter), capped at maxDelay. */
  retry?: { limit: number; delaySeconds: number; maxDelaySeconds?: number };
  /** How long a run may stay active before it counts as lost (a killed worker) and is run again. */
  expireInSeconds?: number;
  /** A cron expression in UTC: the job runs on it with no payload, never two runs at once across instances. */
  cron?: string;
  /**
   * Runs once when the job fails for good: its last attempt failed (it goes to dead letters next), or it threw a
   * {@link GiveUpError} (it is then completed, never retried). What a failure must undo (a refund) goes here. When
   * this itself throws, the job counts as failed: retried if attempts are left, else dead-lettered.
   */
  giveUp?(deps: JobDeps, payload: P, ctx: JobContext & { error: unknown }): Promise<void>;
};

/** Any definition, as the queue holds them in one list (the payload schema still checks each job). */
export type AnyJobDefinition = JobDefinition<unknown>;

/** A dead letter as an operator's page lists it: the source job, its payload and last error, and when. */
export type DeadLetterRecord = {
  id: string;
  queue: string;
  sourceJobId: string | null;
  data: unknown;
  /** What the last failed run left (our `{ name, message }`, or pg-boss's own for a timed-out run). */
  output: unknown;
  attempts: number;
  firstQueuedAt: Date | null;
  deadAt: Date;
};

/** An executor of the caller's transaction, as enqueue takes it. */
export type TxExecutor = Pick<Executor, 'execute'>;

/** The queue port: enqueue in the caller's transaction, run workers, list dead letters. */
export type JobQueue = {
  /**
   * Writes the job in the caller's transaction: it exists only if that transaction commits. `key` (derived from our
   * own ids) makes the enqueue idempotent: the same key for the same job name is stored once. Null when it was.
   */
  enqueue: <P>(
    tx: Pick<Executor, 'execute'>,
    job: JobDefinition<P>,
    payload: P,
    options?: { key?: string; startAfter?: Date },
  ) => Promise<string | null>;
  /** Starts a worker for every definition and the cron schedules; returns once they poll. */
  startWorkers: (deps: JobDeps, tuning?: { pollingIntervalSeconds?: number }) => Promise<void>;
  /** Stops at a safe point: no new jobs are taken, running handlers finish (up to the grace), then it closes. */
  stop: (graceMs?: number) => Promise<void>;
  /** One page of dead letters, newest first, optionally of one job name, with the total. */
  deadLetterPage: (filter: {
    queue?: string;
    limit: number;
    offset: number;
  }) => Promise<{ items: DeadLetterRecord[]; totalCount: number }>;
  /**
   * Moves one dead letter back to its job's queue (a new job with fresh retries) in the caller's transaction.
   * Answers the job's name, or null when it is not waiting in a dead-letter queue (never was, or already retried
   * or discarded).
   */
  retryDeadLetter: (tx: TxExecutor, id: string) => Promise<string | null>;
  /** Deletes one dead letter in the caller's transaction; its job's name, or null when there was none by that id. */
  discardDeadLetter: (tx: TxExecutor, id: string) => Promise<string | null>;
};

/**
 * What every job handler receives: the deps the routes hand to use cases (src/deps.ts, ADR 028), built once by
 * whoever runs the workers (the server after listen, or the `npm run worker` process). Typed as the slice the
 * handlers use, so the queue's own tests and bench can run it with no storage or identity.
 */
export type JobDeps = Pick<Deps, 'db' | 'jobs' | 'transport' | 'appUrl' | 'log' | 'integrations'>;

/** A provider the webhook route accepts: its name in the path and how it checks and reads a delivery. */
export type WebhookSource = {
  provider: string;
  /** True when the provider is our own sandbox standing in for the vendor (development, tests, demos). */
  sandbox?: boolean;
  /** Throws when the signature is not the provider's; answers the hint otherwise. */
  read(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): WebhookHint;
};

/** What processing one stored event did: changed one of our objects, or found nothing of ours to change. */
export type WebhookOutcome = { outcome: 'processed' | 'ignored'; organizationId?: string };

/** A provider's processing: re-read the vendor's object named by the event, then write ours (never the event's data). */
export type WebhookProcessor = (
  deps: JobDeps,
  event: { provider: string; objectType: string; objectId: string; eventRowId: string },
) => Promise<WebhookOutcome>;

/**
 * The vendor ports of this deployment, built once (ARCHITECTURE §2b's composition root for integrations): the
 * adapters the configuration names, the webhook sources the webhook route accepts, and how each provider's events
 * are processed. Use cases and job handlers get these through their deps, never by building an adapter.
 */
export type Integrations = {
  screening: ScreeningPort | null;
  /** Opens an organization's own account at the screening vendor (Yardstik's sub-accounts), where it has them. */
  screeningAccounts: ScreeningAccountsPort | null;
  /**
   * Organizations' own Yardstik sub-accounts (ADR 030): seals the key minted for one, and answers the port that acts
   * for it from the sealed key (null when it does not open). Null without Yardstik.
   */
  yardstikAccounts: YardstikSubAccounts | null;
  /** The TazWorks-platform agencies (JDP, NCSI, ScoutLogic; ADR 034, ADR 041), their clients and ports; null = none. */
  tazworks: TazworksAgencies | null;
  /** The payment provider (Stripe, or its sandbox) and the trial new subscriptions start with; null = no billing. */
  billing: { port: BillingPort; trialDays: number } | null;
  /** The license lookup (US Soccer, ADR 032), or null when none is configured. */
  licenses: LicenseProviderPort | null;
  /** The abuse-prevention course provider (TalentLMS, ADR 032), or null when none is configured. */
  training: TrainingProviderPort | null;
  /** The identity-verification vendor (Stripe Identity, ADR 039), or null when none is configured. */
  identity?: IdentityVerificationPort | null;
  webhookSources: WebhookSource[];
  webhookProcessors: Record<string, WebhookProcessor>;
  /**
   * The work a member's payment starts, per requirement type (ADR 031): the modules' starters, listed by the
   * composition root (paid-work.ts), so billing reaches them without importing the modules (or the root).
   */
  paidWork: Partial<Record<RequirementType, PaidWorkStarter>>;
  /** League-management partners (LeagueApps, Test; issue 31, ADR 041); absent or null = none. */
  partners?: PartnerIntegrations | null;
  close(): Promise<void>;
};

/**
 * Starts the work a member paid for, in the transaction that records the payment: `started` (the item is used),
 * `waiting` (the payment stays a credit until the member can start, e.g. a background check before consent),
 * `cannot-start` (the item is refunded through the outbox).
 */
export type PaidWorkStarter = (
  deps: Pick<Deps, 'integrations' | 'jobs'>,
  tx: Executor,
  input: { organizationId: string; memberRequirementId: string; actor: AuditActor },
) => Promise<'started' | 'waiting' | 'cannot-start'>;

/** See {@link Integrations.yardstikAccounts}. */
export type YardstikSubAccounts = {
  seal(accountId: string, authorization: string): string;
  portFor(accountId: string, sealedKey: string): ScreeningPort | null;
};
