import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { createTestDatabase } from '../../test/test-app.js';
import { fixedClock } from '../../lib/clock.js';
import { retryDelayMs } from '../jobs/backoff.js';
import { createJobs } from '../jobs/jobs.js';
import { createMailer, DELIVERED_BODY } from './mailer.js';

/** A real SMTP server on loopback: the adapter speaks the real protocol to it. */
function startSmtp(received: string[], port = 0) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  return new Promise<{ port: number; close(): Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port: (server.server.address() as AddressInfo).port,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    );
  });
}

describe('mail adapter: an outbox row and a delivery job', () => {
  let database: Database;
  const clock = fixedClock(new Date('2026-03-02T08:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rowTo = async (to: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0]!;

  it('keeps the mail in the outbox and logs it without SMTP', async () => {
    const logs: string[] = [];
    const jobs = createJobs(database.db, clock);
    const mailer = createMailer(database.db, jobs, { from: 'x@medenglish.test', log: (m) => logs.push(m) });
    await mailer.send({ to: 'a@demo-univ.fr', subject: 'Sujet', text: 'Lien: http://x/?token=abc' });
    expect(await rowTo('a@demo-univ.fr')).toMatchObject({
      transport: 'outbox',
      state: 'queued',
      sentAt: null,
    });
    await jobs.runDue();
    expect(await rowTo('a@demo-univ.fr')).toMatchObject({ state: 'kept', attempts: 1 });
    expect(logs[0]).toContain('http://x/?token=abc');
  });

  it('delivers by SMTP with the outbox row as Message-ID, marks it sent and drops the body', async () => {
    const received: string[] = [];
    const smtp = await startSmtp(received);
    try {
      const jobs = createJobs(database.db, clock);
      const mailer = createMailer(database.db, jobs, {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: 'MedEnglish <no-reply@medenglish.test>',
        log: () => undefined,
      });
      await mailer.send({ to: 'b@demo-univ.fr', subject: 'Réinitialisation', text: 'Bonjour' });
      expect(received).toHaveLength(0); // queued: the request that sends it does not wait for SMTP
      await jobs.runDue();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: b@demo-univ.fr');
      const row = await rowTo('b@demo-univ.fr');
      expect(received[0]).toContain(`Message-ID: <${row.id}@medenglish.test>`);
      expect(row).toMatchObject({ transport: 'smtp', state: 'sent', text: DELIVERED_BODY });
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('delivers a mail once its SMTP server is back after being down, and never twice', async () => {
    const received: string[] = [];
    const probe = await startSmtp([]);
    const port = probe.port;
    await probe.close(); // the mail server is down
    const jobs = createJobs(database.db, clock);
    const mailer = createMailer(database.db, jobs, {
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'no-reply@medenglish.test',
      log: () => undefined,
    });
    await mailer.send({ to: 'c@demo-univ.fr', subject: 'Confirmation', text: 'Lien: http://x/?confirm=1' });
    await jobs.runDue();
    let row = await rowTo('c@demo-univ.fr');
    expect(row).toMatchObject({ state: 'queued', attempts: 1, sentAt: null });
    expect(row.error).toBeTruthy();
    expect(row.text).toContain('confirm=1'); // kept until it is delivered

    const smtp = await startSmtp(received, port); // back up
    try {
      expect(await jobs.runDue()).toBe(0); // retried at its time, not before
      clock.advance(retryDelayMs(1));
      await jobs.runDue();
      expect(received).toHaveLength(1);
      row = await rowTo('c@demo-univ.fr');
      expect(row).toMatchObject({ state: 'sent', attempts: 2, error: null, text: DELIVERED_BODY });
      clock.advance(24 * 3600_000);
      await jobs.runDue();
      expect(received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
