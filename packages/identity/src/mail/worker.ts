import { rawQuery, type IdentityDatabase } from '../db/database.ts';
import type { StoredMail } from './smtp.ts';

/** When a failed message is tried again: doubling from `baseMs`, capped at `maxMs`, given up after `attempts`. */
export type MailRetry = { baseMs: number; maxMs: number; attempts: number };

/** The product's mail.send schedule (ADR 022): 12 retries from 15 s, doubling, capped at 3 h (about a day). */
export const defaultMailRetry: MailRetry = { baseMs: 15_000, maxMs: 3 * 3_600_000, attempts: 13 };

/**
 * The wait after the `attempt`-th failed attempt (1-based): base × 2^(attempt−1), capped, with ±20 % jitter so the
 * messages of one outage do not all return to the mail server in the same second.
 */
export function retryDelayMs(retry: MailRetry, attempt: number, random: () => number = Math.random): number {
  const exact = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exact * (0.8 + 0.4 * random()));
}

export type MailWorkerOptions = {
  db: IdentityDatabase;
  deliver: (mail: StoredMail) => Promise<void>;
  /** How often the outbox is looked at when it had nothing due. */
  pollMs?: number;
  retry?: MailRetry;
  /**
   * How long a claimed message is this worker's: longer than a send can take (the SMTP timeouts bound it), so a
   * second instance takes a message again only when the worker that claimed it has died.
   */
  leaseMs?: number;
  log: {
    error: (fields: object, message: string) => void;
    warn: (fields: object, message: string) => void;
  };
};

export type MailWorker = {
  /** Looks at the outbox now instead of at the next poll; resolves when nothing due is left. */
  drain: () => Promise<void>;
  /** Stops claiming, waits for the message being sent (bounded by the SMTP timeouts), and resolves. */
  stop: () => Promise<void>;
};

type ClaimedRow = { id: string; to: string; subject: string; text: string; html: string; attempts: number };

/**
 * Claims the oldest due message for `leaseMs` and counts the attempt, in one statement: FOR UPDATE SKIP LOCKED keeps
 * two instances from claiming the same row at once, and the lease keeps them from taking it while it is being sent.
 * No transaction stays open across SMTP (on PGlite one would block the whole process).
 */
async function claimOne(
  db: IdentityDatabase,
  leaseMs: number,
  maxAttempts: number,
): Promise<ClaimedRow | null> {
  const rows = await rawQuery<ClaimedRow>(
    db,
    `UPDATE identity_mail_outbox SET attempts = attempts + 1,
            locked_until = now() + $1::double precision * interval '1 millisecond'
      WHERE id = (SELECT id FROM identity_mail_outbox
                   WHERE delivered_at IS NULL AND attempts < $2 AND next_attempt_at <= now()
                     AND (locked_until IS NULL OR locked_until < now())
                   ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, attempts`,
    [leaseMs, maxAttempts],
  );
  return rows[0] ?? null;
}

/**
 * The standalone identity's mail worker (ADR 022): sends each committed outbox message, one at a time, with the
 * row id as its Message-ID; a failure is recorded and the message waits `retryDelayMs` before the next attempt, up
 * to `retry.attempts`. Delivery is at least once, once per message id as far as SMTP allows: only a crash between
 * the server's acceptance and the marking below sends a message twice, with the same Message-ID.
 */
export function startMailWorker(opts: MailWorkerOptions): MailWorker {
  const pollMs = opts.pollMs ?? 1000;
  const retry = opts.retry ?? defaultMailRetry;
  const leaseMs = opts.leaseMs ?? 300_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const sendOne = async (mail: ClaimedRow) => {
    try {
      await opts.deliver(mail);
    } catch (err) {
      const final = mail.attempts >= retry.attempts;
      await rawQuery(
        opts.db,
        `UPDATE identity_mail_outbox SET locked_until = NULL, last_error = $2,
                next_attempt_at = now() + $3::double precision * interval '1 millisecond' WHERE id = $1`,
        [mail.id, String(err).slice(0, 500), retryDelayMs(retry, mail.attempts)],
      );
      const fields = { err, mailId: mail.id, subject: mail.subject, attempts: mail.attempts };
      if (final) opts.log.error(fields, 'gave up sending an account e-mail');
      else opts.log.warn(fields, 'could not send an account e-mail; it will be retried');
      return;
    }
    await rawQuery(
      opts.db,
      `UPDATE identity_mail_outbox SET delivered_at = now(), locked_until = NULL, last_error = NULL
        WHERE id = $1 AND delivered_at IS NULL`,
      [mail.id],
    );
  };

  const pass = async () => {
    try {
      for (let mail = await claimOne(opts.db, leaseMs, retry.attempts); mail;) {
        await sendOne(mail);
        mail = stopped ? null : await claimOne(opts.db, leaseMs, retry.attempts);
      }
    } catch (err) {
      // The database is away (a restart, a cut connection): the rows wait, the next poll tries again.
      opts.log.error({ err }, 'the mail worker could not read the outbox');
    }
  };

  const run = (): Promise<void> => {
    if (running) return running;
    clearTimeout(timer);
    running = pass().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(() => void run(), pollMs);
    });
    return running;
  };

  void run();
  return {
    drain: async () => {
      if (running) await running;
      if (!stopped) await run();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (running) await running;
    },
  };
}
