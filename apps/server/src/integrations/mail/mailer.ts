import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

/** What the outbox keeps of a mail SMTP has delivered. */
export const DELIVERED_BODY = '(delivered by SMTP; body not kept)';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** The one way the platform sends e-mail (confirmation, password reset). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Every mail is written to the outbox table first, so nothing is lost and the demo works offline.
 * With SMTP_URL it is then delivered by SMTP, marked sent and its body dropped; without, it is kept
 * in the outbox (transport "outbox") and printed on the console, where the demo reads its links —
 * an offline mode for demos and development, not for production.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl?: string; from: string; log: (msg: string) => void },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ ...mail, transport: transport ? 'smtp' : 'outbox' })
        .returning({ id: emailOutbox.id });
      if (!transport) {
        // Offline mode: the console is where a demo user reads the link (never with SMTP on).
        options.log(`mail to ${mail.to} kept in the outbox: ${mail.subject}\n${mail.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        // Once delivered the body is not kept: it holds one-time links (reset, confirmation)
        // that must not sit readable in the database or its backups.
        await db
          .update(emailOutbox)
          .set({ sentAt: new Date(), text: DELIVERED_BODY })
          .where(eq(emailOutbox.id, row!.id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(emailOutbox.id, row!.id));
        throw error;
      }
    },
  };
}
