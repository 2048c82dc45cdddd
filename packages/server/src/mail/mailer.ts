import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** One outgoing message. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** Sends mail; `kind` says where it goes, so the development outbox is shown only when it is the one in use. */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/** Delivers over SMTP with nodemailer (ARCHITECTURE §2). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Keeps every message in the mail_outbox table instead of sending it (development and the embedded demo). */
export function outboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    send: async (mail) => {
      await db.insert(mailOutbox).values(mail);
    },
    close: () => undefined,
  };
}

/** The mailer the configuration asks for: SMTP when a URL is set, else the outbox. */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string },
  db: Database,
): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db);
}
