import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations, type Finding } from '../support/axe';
import { DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';

const t = messages.pronunciation;

/**
 * Issue 15, the pronunciation and dictionary box (SPEC §1): on every signed-in page, by keyboard;
 * 'tachycardia' and 'healthy' spoken (by the server's en-GB voice: headless Chromium has none of
 * its own) and looked up; an unknown word with close spellings.
 */
describe('pronunciation and dictionary box', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('speaks and looks up tachycardia and healthy, and suggests spellings for an unknown word', async () => {
    const found: Finding[] = [];
    for (const [width, dark] of [
      [390, false],
      [1280, true],
    ] as const) {
      const name = `${width}${dark ? '-dark' : ''}`;
      const { context, page } = await newPage(browser, { width, dark });
      await logIn(page, DEMO.etudiant);
      await page.waitForURL('**/dashboard');
      await page.goto('/glossary');
      const open = page.getByRole('button', { name: t.open });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t.title });
      await dialog.waitFor();
      const input = dialog.getByLabel(t.wordLabel);
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

      // Too short: said, nothing asked of the server.
      await input.fill('ab');
      await dialog.getByRole('button', { name: t.listen }).click();
      await dialog.getByText(t.tooShort).waitFor();

      await input.fill('tachycardia');
      const [audio] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/media/speech/')),
        dialog.getByRole('button', { name: t.listen }).click(),
      ]);
      expect(audio.headers()['content-type']).toBe('audio/wav');
      await input.press('Enter');
      await dialog.getByText(t.glossary).waitFor();
      await dialog.getByText('tachycardie', { exact: false }).waitFor();
      await dialog.getByRole('heading', { name: t.partOfSpeech.noun }).waitFor();
      found.push(...(await seriousViolations(page, `${name} box, tachycardia`)));
      await screenshot(page, `pronunciation-tachycardia-${name}`);

      await input.fill('healthy');
      await dialog.getByRole('button', { name: t.lookUp }).click();
      await dialog.getByRole('heading', { name: t.partOfSpeech.adjective }).waitFor();
      await dialog.getByText('unhealthy', { exact: false }).first().waitFor();

      await input.fill('tachycardai');
      await input.press('Enter');
      await dialog.getByText(t.notFound('tachycardai')).waitFor();
      await dialog.getByRole('button', { name: 'tachycardia' }).click();
      await dialog.getByText(t.glossary).waitFor();
      found.push(...(await seriousViolations(page, `${name} box, suggestions then a word`)));
      await screenshot(page, `pronunciation-${name}`);

      // The voice chosen is remembered.
      await dialog.getByLabel(t.voice).click();
      await page.getByRole('option', { name: t.serverVoice('British English') }).click();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await open.click();
      await expect
        .poll(() => page.getByRole('dialog').getByLabel(t.voice).innerText())
        .toContain('British English');
      await context.close();
    }
    expect(found.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
  }, 90_000);
});
