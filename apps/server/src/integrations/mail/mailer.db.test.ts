import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { createTestDatabase } from '../../test/test-app.js';
import { createMailer, DELIVERED_BODY } from './mailer.js';

/** A real SMTP server on loopback: the adapter speaks the real protocol to it. */
function startSmtp(received: string[]) {
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
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.server.address() as AddressInfo).port,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    );
  });
}

describe('mail adapter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the mail in the outbox and logs it without SMTP', async () => {
    const logs: string[] = [];
    const mailer = createMailer(database.db, { from: 'x@medenglish.test', log: (m) => logs.push(m) });
    await mailer.send({ to: 'a@demo-univ.fr', subject: 'Sujet', text: 'Lien: http://x/?token=abc' });
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'a@demo-univ.fr'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'outbox', sentAt: null });
    expect(logs[0]).toContain('http://x/?token=abc');
  });

  it('delivers by SMTP and marks the outbox row sent', async () => {
    const received: string[] = [];
    const smtp = await startSmtp(received);
    try {
      const mailer = createMailer(database.db, {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: 'MedEnglish <no-reply@medenglish.test>',
        log: () => undefined,
      });
      await mailer.send({ to: 'b@demo-univ.fr', subject: 'Réinitialisation', text: 'Bonjour' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: b@demo-univ.fr');
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'b@demo-univ.fr'));
      expect(row!.transport).toBe('smtp');
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(row!.text).toBe(DELIVERED_BODY); // no one-time link left in the database
    } finally {
      await smtp.close();
    }
  });

  it('records the failure when the SMTP server cannot be reached, and keeps the mail', async () => {
    const smtp = await startSmtp([]);
    await smtp.close(); // the port is now closed
    const mailer = createMailer(database.db, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-reply@medenglish.test',
      log: () => undefined,
    });
    await expect(mailer.send({ to: 'c@demo-univ.fr', subject: 'S', text: 'T' })).rejects.toThrow();
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'c@demo-univ.fr'));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toBeTruthy();
  });
});
