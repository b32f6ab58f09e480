import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, truncateText } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';

/**
 * Issue 14, the learner's toolbox (SPEC §2 /help, /videos, /learning-links): each page with the
 * demo content, by keyboard, at a phone's and a laptop's width in both themes, without a serious
 * or critical accessibility violation.
 */
describe('toolbox: help, videos, learning links', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function signedIn(width: number, dark = false) {
    const opened = await newPage(browser, { width, dark });
    await logIn(opened.page, DEMO.etudiant);
    await opened.page.waitForURL('**/dashboard');
    return opened;
  }

  it('plays a video from the library with its captions, by keyboard, and offers its PDF', async () => {
    const { context, page } = await signedIn(1280);
    await page.getByRole('navigation').getByRole('link', { name: messages.pages['/videos'] }).click();
    await page.waitForURL('**/videos');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    // A PDF handout is a real download of a PDF.
    const pdfLink = page.getByRole('link', { name: new RegExp(messages.videos.pdf, 'i') }).first();
    const href = await pdfLink.getAttribute('href');
    const pdf = await page.request.get(href!);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Reached by Tab and opened with Enter: the player, its captions track, in the address.
    const play = page.getByRole('button', { name: /^Regarder/ }).first();
    await play.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(page.url()).toMatch(/\?video=/);
    const video = dialog.locator('video');
    await page.waitForFunction(() => document.activeElement?.tagName === 'VIDEO');
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener('loadedmetadata', r))),
    );
    const track = await video.evaluate((v: HTMLVideoElement) => ({
      kind: v.textTracks[0]?.kind,
      mode: v.textTracks[0]?.mode,
      duration: v.duration,
    }));
    expect(track).toMatchObject({ kind: 'captions', mode: 'showing' });
    expect(track.duration).toBeGreaterThan(10);
    // Shortcuts on the focused video: K plays or pauses, → seeks 5 s, C hides the captions, M mutes.
    const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
    const wasPaused = await paused();
    await page.keyboard.press('k');
    await expect.poll(paused).toBe(!wasPaused);
    if (!(await paused())) await page.keyboard.press('k');
    await expect.poll(paused).toBe(true);
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 0));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('c');
    await page.keyboard.press('m');
    const after = await video.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      mode: v.textTracks[0]?.mode,
      muted: v.muted,
    }));
    expect(after).toMatchObject({ mode: 'hidden', muted: true });
    expect(after.time).toBeCloseTo(5, 0); // the player lands on the frame nearest 5 s
    // The captions file is WebVTT.
    const vtt = await page.request.get(
      await video
        .locator('track')
        .getAttribute('src')
        .then((s) => s!),
    );
    expect((await vtt.text()).startsWith('WEBVTT')).toBe(true);
    await screenshot(page, 'videos-player-1280');

    // A reload opens the same video; Escape closes it.
    await page.reload();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(page.url()).not.toMatch(/\?video=/);
    await context.close();
  });

  it('walks the learning links: the intro card and Read more, a theme, a topic, back to each parent', async () => {
    const { context, page } = await signedIn(390);
    await page.goto('/learning-links');
    const intro = messages.learningLinks.intro;
    await page.getByText(truncateText(intro)).waitFor();
    await page.getByRole('button', { name: messages.learningLinks.readMore }).click();
    await page.getByText(intro).waitFor();
    // International mobility, the fixed card, is the last of the grid.
    const cards = page.getByRole('list').first().getByRole('heading', { level: 2 });
    expect(await cards.last().innerText()).toBe(messages.learningLinks.mobility);

    await page.getByRole('link', { name: 'Clinical guidelines' }).click();
    await page.waitForURL('**/learning-links/Clinical%20guidelines');
    await page.getByRole('heading', { name: 'Clinical guidelines' }).waitFor();
    await page.getByRole('link', { name: 'UK national guidance' }).click();
    await page.waitForURL('**/learning-links/Clinical%20guidelines/UK%20national%20guidance');
    const nice = page.getByRole('link', { name: /NICE guidance/ });
    await nice.waitFor();
    expect(await nice.getAttribute('target')).toBe('_blank');
    expect(await nice.getAttribute('rel')).toContain('noopener');
    expect(await nice.getAttribute('href')).toBe('https://www.nice.org.uk/guidance');

    await page.getByRole('link', { name: messages.learningLinks.back }).click();
    await page.waitForURL('**/learning-links/Clinical%20guidelines');
    await page.getByRole('link', { name: messages.learningLinks.back }).click();
    await page.waitForURL(/\/learning-links$/);

    // A theme without topics shows its links at once.
    await page.getByRole('link', { name: 'Patient information' }).click();
    await page.getByRole('link', { name: /NHS/ }).first().waitFor();
    // A topic of another theme, or a name that is no theme, is said not to exist.
    await page.goto('/learning-links/Patient%20information/UK%20national%20guidance');
    await page.getByText(messages.learningLinks.notFound).waitFor();
    await page.goto('/learning-links/No%20such%20theme');
    await page.getByText(messages.learningLinks.notFound).waitFor();
    await context.close();
  });

  it('helps: news, guides as PDFs, the service desk searched with the question, support, tutorials', async () => {
    const { context, page } = await signedIn(1280);
    await page.goto('/help');
    await page.getByRole('heading', { name: messages.help.newsTitle }).waitFor();
    await page.getByText('Nouveau module disponible', { exact: false }).waitFor();
    const guide = page.getByRole('link', { name: /^Télécharger le guide/ }).first();
    const pdf = await page.request.get((await guide.getAttribute('href'))!);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await page.locator('video').count()).toBe(3);

    // An empty question is refused with a message; a question opens the desk's search in a new tab.
    await page.getByRole('button', { name: new RegExp(`^${messages.help.faqSearch}`) }).click();
    await page.getByText(messages.help.faqEmpty).waitFor();
    await page.getByLabel(messages.help.faqLabel).fill('mot de passe oublié');
    // The desk is outside this closed network: its page is answered here, its address kept.
    await context.route('https://support.medenglish.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Service desk</title>' }),
    );
    const [desk] = await Promise.all([
      context.waitForEvent('page'),
      page.getByLabel(messages.help.faqLabel).press('Enter'),
    ]);
    await desk.waitForLoadState();
    expect(desk.url()).toBe('https://support.medenglish.example/search?q=mot%20de%20passe%20oubli%C3%A9');
    await desk.close();
    const support = page.getByRole('link', { name: new RegExp(`^${messages.help.supportButton}`) });
    expect(await support.getAttribute('href')).toBe('https://support.medenglish.example/');
    expect(await support.getAttribute('rel')).toContain('noopener');
    await context.close();
  });

  it('has no serious accessibility violation at 390 and 1280 px, light and dark', async () => {
    const found: Finding[] = [];
    for (const [width, dark] of stateVariants) {
      const name = `${width}${dark ? '-dark' : ''}`;
      const { context, page } = await signedIn(width, dark);
      const scan = async (state: string, shot: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        found.push(...(await seriousViolations(page, `${name} ${state}`)));
        await screenshot(page, `${shot}-${name}`);
      };
      await page.goto('/videos');
      await page.getByRole('article').first().waitFor();
      await page.waitForLoadState('networkidle');
      await scan('videos', 'videos');
      await page
        .getByRole('button', { name: /^Regarder/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
      await scan('video playing', 'videos-player');
      await page.goto('/learning-links');
      await page.getByRole('button', { name: messages.learningLinks.readMore }).waitFor();
      await page.waitForLoadState('networkidle');
      await scan('learning links', 'learning-links');
      await page.goto('/learning-links/Public%20health%20and%20epidemiology');
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await scan('a theme', 'learning-links-theme');
      await page.goto('/help');
      await page.getByRole('heading', { name: messages.help.guidesTitle }).waitFor();
      await page.waitForLoadState('networkidle');
      await scan('help', 'help');
      await page.getByRole('button', { name: new RegExp(`^${messages.help.faqSearch}`) }).click();
      await page.getByText(messages.help.faqEmpty).waitFor();
      await scan('help, empty question', 'help-empty-question');
      await context.close();
    }
    expect(found.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
  }, 180_000);
});
