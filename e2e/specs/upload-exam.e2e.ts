import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, UPLOAD_MAX_BYTES } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { DEMO, launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { apiAs, openPageOn, signInOn } from '../support/own-server-browser';
import { startServer, type ServerProcess } from '../support/server-process';

const u = messages.exam.upload;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Word 97–2003 document's signature (an OLE compound file), then its sectors. */
const DOC = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(1024),
]);
/** A Windows executable's first bytes. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);

/**
 * Issue 13, the abstract upload (exam type 3) of S3 – Groupe A, open now in the demo, on a server
 * of its own: every message of SPEC §5 in the browser (no file, wrong type, a renamed executable,
 * too large, sent, already sent, deleted, deletion failed), the learner's own download, re-upload.
 */
describe('abstract upload exam', () => {
  let server: ServerProcess;
  let browser: Browser;
  let surveyId: string;

  beforeAll(async () => {
    server = await startServer({});
    surveyId = await demoSurveyId(server.baseURL);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const card = (page: Page) => page.getByRole('region', { name: messages.exam.typeNames[3] });
  async function openUploadCard(page: Page) {
    await page.goto('/elearning/exam');
    await card(page).getByLabel(u.chooseLabel).waitFor();
  }
  async function choose(page: Page, name: string, buffer: Buffer, mimeType = 'application/octet-stream') {
    await card(page).getByLabel(u.chooseLabel).setInputFiles({ name, mimeType, buffer });
  }
  const send = (page: Page) => card(page).getByRole('button', { name: u.send }).click();
  const said = (page: Page, text: string) => card(page).getByText(text, { exact: true }).waitFor();

  it('says every message of SPEC §5, keeps one file, serves it to its learner, deletes and takes another', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId);
    await signInOn(page, DEMO.etudiant);
    await openUploadCard(page);

    // Nothing chosen; the wrong type; a renamed executable (refused by the server, by content).
    await send(page);
    await said(page, u.noFile);
    await choose(page, 'notes.exe', EXE);
    await send(page);
    await said(page, u.wrongExtension);
    await choose(page, 'abstract.pdf', EXE, 'application/pdf');
    await send(page);
    await said(page, u.wrongContent);
    await choose(
      page,
      'abstract.pdf',
      Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)]),
      'application/pdf',
    );
    await send(page);
    await said(page, u.tooLarge(UPLOAD_MAX_BYTES / 1024 / 1024));
    const camille = await apiAs(server, DEMO.etudiant);
    const place = { companyName: 'Université Démo – Faculté de Médecine', groupName: 'S3 – Groupe A' };
    expect((await camille.call('POST', '/getfile', place)).json).toEqual([]);

    // A second tab still showing the form, for the "already sent" answer below.
    const second = await context.newPage();
    await openUploadCard(second);

    await choose(page, 'Abstract – sepsis in the elderly.pdf', PDF, 'application/pdf');
    await send(page);
    await said(page, u.success);
    await card(page).getByText('Abstract – sepsis in the elderly.pdf').waitFor();
    await screenshot(page, 'upload-exam-sent-390');

    // Her own download: the very bytes she sent.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card(page).getByRole('button', { name: u.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Abstract – sepsis in the elderly.pdf');
    expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);

    // The other tab sends another file: SPEC §5's "already sent", and the one file stays hers.
    await choose(second, 'other.pdf', PDF, 'application/pdf');
    await send(second);
    await said(second, u.alreadySent);
    await card(second).getByText('Abstract – sepsis in the elderly.pdf').waitFor();
    const [kept] = (await camille.call('POST', '/getfile', place)).json;
    expect(kept.name).toBe('Abstract – sepsis in the elderly.pdf');

    // Delete (confirmed): SPEC §5's message, and the form is back. The other tab's delete then fails.
    await card(page).getByRole('button', { name: u.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: u.confirmDeleteAction }).click();
    await said(page, u.deleted);
    await card(page).getByLabel(u.chooseLabel).waitFor();
    await card(second).getByRole('button', { name: u.delete }).click();
    await second.getByRole('dialog').getByRole('button', { name: u.confirmDeleteAction }).click();
    await card(second)
      .getByText(new RegExp(`^${u.deleteFailed}`))
      .waitFor();
    await second.close();

    // Re-upload, a Word 97–2003 document this time.
    await choose(page, 'abstract-final.doc', DOC, 'application/msword');
    await send(page);
    await said(page, u.success);
    const [final] = (await camille.call('POST', '/getfile', place)).json;
    expect(final.name).toBe('abstract-final.doc');
    await context.close();

    // WCAG 2.2 AA on the form and on the file sent, in both themes and widths.
    const findings: Finding[] = [];
    for (const [width, dark] of stateVariants) {
      const other = await openPageOn(browser, server, surveyId, { width, dark });
      await signInOn(other.page, DEMO.etudiant);
      await other.page.goto('/elearning/exam');
      await card(other.page).getByText('abstract-final.doc').waitFor();
      findings.push(...(await seriousViolations(other.page, `${width}${dark ? '-dark' : ''} upload sent`)));
      await screenshot(other.page, `upload-exam-${width}${dark ? '-dark' : ''}`);
      await other.context.close();
    }
    const fresh = await openPageOn(browser, server, surveyId, { width: 1280, dark: true });
    await signInOn(fresh.page, 'tiers-temps.demo@demo-univ.fr');
    await openUploadCard(fresh.page);
    // Nothing wider than the screen (the hidden file input once made the page 1,610 px wide).
    expect(await fresh.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    findings.push(...(await seriousViolations(fresh.page, '1280-dark upload form')));
    await screenshot(fresh.page, 'upload-exam-form-1280-dark');
    await fresh.context.close();
    expect(findings.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
  }, 180_000);
});
