import type { FastifyBaseLogger } from 'fastify';
import type { ActorContext } from './authz/actor-context.ts';
import type { Database } from './db/client.ts';
import type { Integrations } from './integrations-wiring.ts';
import {
  createVendorHttpClient,
  type VendorHttpClient,
  type VendorHttpOptions,
} from './integrations/http/http-client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { MailTransport } from './mail/mailer.ts';
import type { Actor } from './plugins/authenticate.ts';
import type { IdentityDirectory } from './plugins/identity-directory.ts';
import type { FileLinkSigner } from './storage/file-links.ts';
import type { Storage } from './storage/storage.ts';

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
