import type { IdentityMailer } from '../config.ts';
import { identityMailOutbox } from '../db/schema.ts';

/**
 * The mail port of a standalone identity service (ADR 022): each message becomes an identity_mail_outbox row in the
 * caller's transaction, so it exists exactly when the account change that causes it commits, and is sent after
 * commit by the mail worker (startMailWorker). The request never waits for the mail server, so how long SMTP takes
 * cannot tell whether an address has an account.
 */
export function outboxMailer(): IdentityMailer {
  return {
    send: async (mail, tx) => {
      await tx.insert(identityMailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
