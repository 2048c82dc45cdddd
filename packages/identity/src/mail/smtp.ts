import nodemailer from 'nodemailer';

/** A message as an outbox keeps it: its id is the message's identity (and its Message-ID) across retries. */
export type StoredMail = { id: string; to: string; subject: string; text: string; html: string };

/** Something that delivers a stored message: SMTP, or in development the log or the product's outbox page. */
export type SmtpMailTransport = {
  kind: 'smtp';
  deliver: (mail: StoredMail) => Promise<void>;
  close: () => void;
};

/** The Message-ID of a stored message: the same on every retry, so a receiving server can drop a repeat. */
export function messageIdOf(mail: Pick<StoredMail, 'id'>, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'touchline.invalid';
  return `<${mail.id}@${domain}>`;
}

/**
 * Delivers over SMTP with nodemailer (ARCHITECTURE §2), for both the product server's mail.send job and the
 * standalone identity's mail worker (ADR 022), so the two processes send alike. Every phase is bounded by
 * `timeoutMs` (connection, greeting, socket inactivity), so a server that accepts and then never answers fails the
 * attempt instead of holding it.
 */
export function smtpTransport(smtpUrl: string, from: string, timeoutMs: number): SmtpMailTransport {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    deliver: async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail, from),
      });
    },
    close: () => transport.close(),
  };
}
