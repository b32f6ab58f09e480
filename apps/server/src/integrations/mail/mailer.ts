import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { PermanentJobError, type Jobs } from '../jobs/jobs.js';

/** What the outbox keeps of a mail SMTP has delivered. */
export const DELIVERED_BODY = '(delivered by SMTP; body not kept)';
export const MAIL_JOB = 'mail.deliver';
/** Retried with back-off (integrations/jobs/backoff.ts) for about fifteen hours. */
export const MAIL_MAX_ATTEMPTS = 20;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** The one way the platform sends e-mail (confirmation, password reset). */
export interface Mailer {
  /**
   * Writes the mail to the outbox and queues its delivery, in the executor's transaction when
   * given one: the mail leaves only if the work that wrote it commits, and once it commits it is
   * delivered even if SMTP is down now (retried until it is back).
   */
  send(mail: OutgoingMail, executor?: Executor): Promise<void>;
}

/**
 * Every mail goes through the outbox table and a `mail.deliver` job. With SMTP_URL the job
 * delivers it, marks it sent and drops its body; without, it stays in the outbox (state "kept")
 * and is printed on the console, where the demo reads its links — an offline mode for demos and
 * development, not for production.
 */
export function createMailer(
  db: Db,
  jobs: Jobs,
  options: { smtpUrl?: string; from: string; log: (msg: string) => void },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(withTimeouts(options.smtpUrl)) : null;
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'medenglish.example';

  jobs.register(MAIL_JOB, async (payload, context) => {
    const id = typeof payload.outboxId === 'string' ? payload.outboxId : null;
    if (!id) throw new PermanentJobError('mail job without an outbox id');
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw new PermanentJobError(`no mail ${id} in the outbox`);
    // At most once: a mail already sent (or kept, or given up) is not sent again.
    if (row.state !== 'queued') return;
    await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, id));
    if (!transport) {
      // Offline mode: the console is where a demo user reads the link (never with SMTP on).
      options.log(`mail to ${row.to} kept in the outbox: ${row.subject}\n${row.text}`);
      await db.update(emailOutbox).set({ state: 'kept' }).where(eq(emailOutbox.id, id));
      return;
    }
    try {
      // The Message-ID is the outbox row's: should a crash between SMTP's acceptance and the
      // update below make the job run again, the receiving server sees the same message.
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        messageId: `<${id}@${domain}>`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = context.attempt >= context.maxAttempts;
      await db
        .update(emailOutbox)
        .set({ error: message, ...(last ? { state: 'failed' as const } : {}) })
        .where(eq(emailOutbox.id, id));
      throw error;
    }
    // Once delivered the body is not kept: it holds one-time links (reset, confirmation) that
    // must not sit readable in the database or its backups.
    await db
      .update(emailOutbox)
      .set({ state: 'sent', sentAt: new Date(), text: DELIVERED_BODY, error: null })
      .where(eq(emailOutbox.id, id));
  });

  return {
    async send(mail, executor = db) {
      const [row] = await executor
        .insert(emailOutbox)
        .values({ ...mail, transport: transport ? 'smtp' : 'outbox' })
        .returning({ id: emailOutbox.id });
      await jobs.enqueue(executor, MAIL_JOB, { outboxId: row!.id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
    },
  };
}

/**
 * A mail server that does not answer is a failed attempt, retried later, not a job that outlives
 * its lease (integrations/jobs): short timeouts unless SMTP_URL sets its own (nodemailer reads
 * transport options from the URL's query).
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '30000'],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
  }
  return url.toString();
}
