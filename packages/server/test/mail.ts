import { asc, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';

/** The messages the outbox holds for one address, oldest first: what a test's recipient has received. */
export function mailTo(t: TestApp, email: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
}

// One SMTP sink for every package's tests (identity's own), so the two services' mail tests meet the same server.
export {
  eventually,
  startSilentServer,
  startSmtpSink,
  type SinkMail,
  type SmtpSink,
} from '@touchline/identity/test/smtp-sink';
