import { smtpTransport } from '@touchline/identity';

/** One outgoing message. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** A message as the outbox keeps it: its id is the message's identity (and its Message-ID) across retries. */
export type StoredMail = OutgoingMail & { id: string };

/**
 * Where the mail.send job delivers a stored message (ADR 022). `kind` says which, so the development outbox page is
 * shown only when the outbox is all there is.
 */
export type MailTransport = {
  kind: 'smtp' | 'outbox';
  deliver: (mail: StoredMail) => Promise<void>;
  close: () => void;
};

/**
 * SMTP delivery and the Message-ID are identity's (src/mail/smtp.ts), so the product's mail.send job and the
 * standalone identity's mail worker send alike: nodemailer, every phase bounded by SMTP_TIMEOUT_MS, the outbox row
 * id as Message-ID.
 */
export { smtpTransport };

/**
 * Development and the embedded demo: the outbox row itself is the delivered message, shown at /dev/outbox, so
 * delivering only marks it. Production refuses to start without SMTP_URL.
 */
export function outboxTransport(): MailTransport {
  return { kind: 'outbox', deliver: async () => undefined, close: () => undefined };
}

/** The transport the configuration asks for: SMTP when a URL is set, else the development outbox. */
export function createMailTransport(config: {
  smtpUrl: string | undefined;
  mailFrom: string;
  smtpTimeoutMs: number;
}): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs)
    : outboxTransport();
}
