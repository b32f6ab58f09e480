#!/usr/bin/env node
/**
 * Records the three tutorial videos shown after the placement test (SPEC §2 /test: "a three-video
 * tutorial") as screen recordings of the platform itself, with French subtitles, and writes them to
 * apps/server/src/demo/tutorial/: tutorial-N.mp4 (H.264, 960×540, 10 fps, no audio),
 * tutorial-N.vtt (French subtitles, one cue per caption) and tutorial-N.jpg (poster).
 *
 * Needs:
 *   - a built app (`npm run build` at the repository root: apps/server/dist and apps/web/dist);
 *   - Chromium (default /usr/bin/chromium, or CHROMIUM_PATH) driven by playwright-core;
 *   - ffmpeg with libx264 on the PATH (Debian: `apt-get install ffmpeg`).
 *
 * Run from the repository root:
 *   node apps/server/scripts/record-tutorial-videos.mjs          # all three videos
 *   node apps/server/scripts/record-tutorial-videos.mjs 2 3      # only some of them
 *
 * By default the script starts its own server (apps/server/dist/main.js) on a free port with a
 * fresh temporary DATA_DIR, so the demo data is seeded as in DEMO.md, and stops it at the end.
 * TUTORIAL_BASE_URL=http://127.0.0.1:3000 uses a running server with the demo data instead.
 * TUTORIAL_OUT_DIR changes the output folder.
 *
 * How it records: Playwright's recordVideo needs a separately downloaded ffmpeg, so frames are taken
 * with the DevTools screencast (a frame each time the page paints, with its arrival time), resampled
 * to a steady 10 fps (holding the last frame) and encoded with the system ffmpeg. A cursor dot is
 * injected into the page; the mouse glides to each control before clicking. The subtitles live in
 * the WebVTT track only, never in the picture: the player shows them, a learner can turn them off,
 * and they are not drawn twice. The mobile video shows the app in a 390 px wide frame (the phone
 * layout, below 450 px) scaled into the 540 px high picture.
 */
/* global document, window */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const OUT_DIR = path.resolve(
  process.env.TUTORIAL_OUT_DIR ?? path.join(ROOT, 'apps/server/src/demo/tutorial'),
);
const WIDTH = 960;
const HEIGHT = 540;
const FPS = 10;
const DEMO_EMAIL = 'etudiant.demo@demo-univ.fr';
const DEMO_PASSWORD = 'DemoPass2026';
/** Width of the permanent side menu of the desktop shell (shell-layout.tsx DRAWER_WIDTH). */
const DESKTOP_MENU_WIDTH = 264;
/** The phone of video 3: 390 px wide (below the 450 px "narrow" breakpoint), scaled by PHONE_SCALE, centred. */
const PHONE = { width: 390, height: 650, scale: 0.8, left: 324, top: 10, bezel: 0 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Server

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${baseUrl}/api/health did not answer within ${timeoutMs / 1000} s`);
}

async function startServer() {
  if (process.env.TUTORIAL_BASE_URL) {
    const baseUrl = process.env.TUTORIAL_BASE_URL.replace(/\/$/, '');
    await waitForHealth(baseUrl, 10_000);
    return { baseUrl, stop: async () => {} };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medenglish-tutorial-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Overlay (cursor dot and captions), injected into the recorded document

/** Runs in the page: adds the cursor dot and the caption box, and window.__tutorial to drive them. */
function installOverlay(layout) {
  if (window.__tutorial) return;
  const setup = () => {
    if (window.__tutorial || !document.body) return;
    const style = document.createElement('style');
    style.textContent = `
      #tutorial-cursor { position: fixed; left: 0; top: 0; width: 18px; height: 18px; margin: -9px 0 0 -9px;
        border-radius: 50%; background: rgba(230, 81, 0, 0.9); border: 2px solid #fff;
        box-shadow: 0 0 0 1px rgba(0,0,0,.35), 0 2px 6px rgba(0,0,0,.35);
        z-index: 2147483647; pointer-events: none; transform: translate(-100px, -100px); }
      #tutorial-cursor.touch { width: 30px; height: 30px; margin: -15px 0 0 -15px; background: rgba(230, 81, 0, 0.55); }
      .tutorial-ring { position: fixed; width: 18px; height: 18px; border-radius: 50%;
        border: 3px solid rgba(230, 81, 0, 0.9); z-index: 2147483646; pointer-events: none; }
      #tutorial-caption { position: fixed; z-index: 2147483645; pointer-events: none; box-sizing: border-box;
        color: #fff; font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif;
        transition: opacity .25s ease; }
      #tutorial-caption .kicker { font-size: 15px; font-weight: 700; letter-spacing: .04em;
        text-transform: uppercase; color: #ffcc80; margin-bottom: 4px; }
      #tutorial-caption .text { font-size: 22px; line-height: 1.3; font-weight: 600; }
      #tutorial-caption.bar { left: ${layout.captionLeft}px; right: 0; bottom: 0; min-height: 92px;
        padding: 12px 22px 14px; background: #0d213d; border-top: 3px solid #e65100; }
      #tutorial-caption.panel { left: ${layout.captionLeft}px; right: 36px; top: 50%; transform: translateY(-50%);
        padding: 22px 26px; background: #0d213d; border-left: 5px solid #e65100; border-radius: 10px; }
      #tutorial-caption.panel .kicker { font-size: 17px; margin-bottom: 10px; }
      #tutorial-caption.panel .text { font-size: 27px; line-height: 1.35; }
    `;
    document.head.appendChild(style);
    const cursor = document.createElement('div');
    cursor.id = 'tutorial-cursor';
    if (layout.touch) cursor.classList.add('touch');
    const caption = document.createElement('div');
    caption.id = 'tutorial-caption';
    caption.className = layout.captionStyle;
    caption.setAttribute('aria-hidden', 'true');
    caption.style.opacity = '0';
    const kicker = document.createElement('div');
    kicker.className = 'kicker';
    const text = document.createElement('div');
    text.className = 'text';
    caption.append(kicker, text);
    document.body.append(caption, cursor);
    let last = { x: -100, y: -100 };
    window.__tutorial = {
      move(x, y) {
        last = { x, y };
        cursor.style.transform = `translate(${x}px, ${y}px)`;
      },
      click() {
        const ring = document.createElement('div');
        ring.className = 'tutorial-ring';
        ring.style.left = `${last.x - 9}px`;
        ring.style.top = `${last.y - 9}px`;
        document.body.appendChild(ring);
        ring
          .animate(
            [
              { transform: 'scale(1)', opacity: 1 },
              { transform: 'scale(2.6)', opacity: 0 },
            ],
            { duration: 450, easing: 'ease-out' },
          )
          .finished.then(() => ring.remove());
        cursor.animate(
          [{ transform: cursor.style.transform + ' scale(0.7)' }, { transform: cursor.style.transform }],
          {
            duration: 200,
          },
        );
      },
      // The caption stays hidden: its words go to the WebVTT track (Recorder.caption), not the picture.
      caption(kickerText, body) {
        kicker.textContent = kickerText;
        text.textContent = body;
      },
    };
    // The overlay must stay the last children of <body>, above MUI's portals (menus, popovers).
    new window.MutationObserver(() => {
      if (document.body.lastElementChild !== cursor) document.body.append(caption, cursor);
    }).observe(document.body, { childList: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
}

// ---------------------------------------------------------------------------------------------
// Capture: DevTools screencast frames with their arrival time, resampled to FPS afterwards

class Recorder {
  constructor(page) {
    this.page = page;
    this.frames = [];
    this.cues = [];
  }

  async start() {
    this.cdp = await this.page.context().newCDPSession(this.page);
    this.cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
      if (this.t0 !== undefined && this.stopped === undefined) {
        this.frames.push({ t: Date.now() / 1000 - this.t0, data: Buffer.from(data, 'base64') });
      }
      this.cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    this.t0 = Date.now() / 1000;
    // A first frame even if nothing repaints during the first instant.
    this.frames.push({ t: 0, data: await this.page.screenshot({ type: 'jpeg', quality: 95 }) });
    await this.cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 95,
      maxWidth: WIDTH,
      maxHeight: HEIGHT,
      everyNthFrame: 1,
    });
  }

  now() {
    return Date.now() / 1000 - this.t0;
  }

  /** Shows a caption and opens a subtitle cue (closed by the next caption or the end). */
  async caption(kicker, text) {
    await this.page.evaluate(([k, t]) => window.__tutorial.caption(k, t), [kicker, text]);
    const t = this.now();
    const previous = this.cues.at(-1);
    if (previous) previous.end = t;
    this.cues.push({ start: t, end: undefined, text });
  }

  async stop() {
    // One more frame of the final state, then stop.
    this.frames.push({ t: this.now(), data: await this.page.screenshot({ type: 'jpeg', quality: 95 }) });
    this.stopped = this.now();
    await this.cdp.send('Page.stopScreencast').catch(() => {});
    const last = this.cues.at(-1);
    if (last) last.end = this.stopped;
  }

  /** The frames at a steady FPS: for each instant, the last frame painted before it. */
  resampled() {
    const frames = [...this.frames].sort((a, b) => a.t - b.t);
    const count = Math.round(this.stopped * FPS);
    const out = [];
    let i = 0;
    for (let k = 0; k < count; k++) {
      const t = k / FPS;
      while (i + 1 < frames.length && frames[i + 1].t <= t) i++;
      out.push(frames[i].data);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Pointer: the mouse glides to a control, the dot follows it

class Pointer {
  /**
   * @param page the recorded page (the one holding the overlay)
   * @param toPage maps a box measured in the app's document to coordinates of the recorded page
   */
  constructor(page, toPage = (box) => box) {
    this.page = page;
    this.toPage = toPage;
    this.x = WIDTH / 2;
    this.y = HEIGHT / 2;
  }

  async place(x, y) {
    this.x = x;
    this.y = y;
    await this.page.mouse.move(x, y);
    await this.page.evaluate(([px, py]) => window.__tutorial.move(px, py), [x, y]);
  }

  async glide(x, y, ms = 700) {
    const steps = Math.max(8, Math.round(ms / 25));
    const from = { x: this.x, y: this.y };
    for (let s = 1; s <= steps; s++) {
      const p = s / steps;
      const e = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2; // ease in-out
      const px = from.x + (x - from.x) * e;
      const py = from.y + (y - from.y) * e;
      const started = Date.now();
      await this.page.mouse.move(px, py);
      await this.page.evaluate(([cx, cy]) => window.__tutorial.move(cx, cy), [px, py]);
      const spent = Date.now() - started;
      if (spent < ms / steps) await sleep(ms / steps - spent);
    }
    this.x = x;
    this.y = y;
  }

  /** Where to point at a locator: its centre, or a fraction of its size plus dx pixels. */
  async target(locator, { fx = 0.5, fy = 0.5, dx = 0 } = {}) {
    await locator.waitFor({ state: 'visible' });
    const box = this.toPage(await locator.boundingBox());
    return { x: box.x + box.width * fx + dx, y: box.y + box.height * fy };
  }

  async hover(locator, options = {}) {
    const { x, y } = await this.target(locator, options);
    await this.glide(x, y, options.ms);
  }

  async click(locator, options = {}) {
    await this.hover(locator, options);
    await sleep(150);
    await this.page.evaluate(() => window.__tutorial.click());
    await this.page.mouse.down();
    await sleep(60);
    await this.page.mouse.up();
  }

  async clickAt(x, y, ms) {
    await this.glide(x, y, ms);
    await sleep(150);
    await this.page.evaluate(() => window.__tutorial.click());
    await this.page.mouse.down();
    await sleep(60);
    await this.page.mouse.up();
  }

  async wheel(dy, steps = 6) {
    for (let s = 0; s < steps; s++) {
      await this.page.mouse.wheel(0, dy / steps);
      await sleep(70);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Output: mp4, vtt, poster

function ffmpeg(args) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed`);
}

function vttTime(seconds) {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const s = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
}

function writeOutputs(n, title, recorder, posterAt) {
  const work = mkdtempSync(path.join(os.tmpdir(), `tutorial-${n}-`));
  try {
    const frames = recorder.resampled();
    frames.forEach((data, k) => writeFileSync(path.join(work, `f${String(k).padStart(5, '0')}.jpg`), data));
    const mp4 = path.join(OUT_DIR, `tutorial-${n}.mp4`);
    ffmpeg(
      [
        ['-framerate', String(FPS), '-i', path.join(work, 'f%05d.jpg')],
        ['-vf', `scale=${WIDTH}:${HEIGHT}:flags=lanczos,setsar=1,format=yuv420p`],
        ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-r', String(FPS)],
        ['-g', String(FPS * 5), '-an', '-movflags', '+faststart'],
        ['-metadata', `title=${title}`, '-metadata:s:v:0', 'language=fre', mp4],
      ].flat(),
    );

    const end = frames.length / FPS;
    const cues = recorder.cues
      .map(
        (cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(Math.min(cue.end, end))}\n${cue.text}\n`,
      )
      .join('\n');
    writeFileSync(path.join(OUT_DIR, `tutorial-${n}.vtt`), `WEBVTT - ${title}\n\n${cues}`);

    // Poster: the first meaningful frame, as small as needed to stay under 60 KB.
    const posterFrame = path.join(
      work,
      `f${String(Math.min(frames.length - 1, Math.round(posterAt * FPS))).padStart(5, '0')}.jpg`,
    );
    const poster = path.join(OUT_DIR, `tutorial-${n}.jpg`);
    for (const q of [3, 4, 5, 6, 7, 8, 10, 12]) {
      ffmpeg([
        '-i',
        posterFrame,
        '-vf',
        `scale=${WIDTH}:${HEIGHT}:flags=lanczos`,
        '-q:v',
        String(q),
        '-frames:v',
        '1',
        poster,
      ]);
      if (statSync(poster).size < 60_000) break;
    }
    const seconds = end;
    if (seconds < 15 || seconds > 35)
      console.warn(`tutorial-${n}: ${seconds} s is outside the 15–35 s target`);
    if (statSync(mp4).size > 600_000) console.warn(`tutorial-${n}.mp4 is above the 600 KB target`);
    console.log(
      `tutorial-${n}.mp4  ${(statSync(mp4).size / 1024).toFixed(0)} KB  ${seconds.toFixed(1)} s  ` +
        `poster ${(statSync(poster).size / 1024).toFixed(0)} KB  ${recorder.cues.length} cues`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Browser

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--hide-scrollbars',
  '--font-render-hinting=none',
];

function newContext(browser, baseURL, viewport) {
  return browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    colorScheme: 'light',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'no-preference',
  });
}

/**
 * The satisfaction survey opens as a modal on the dashboard until answered (SPEC §4): the videos
 * are about finding one's way, so it is put off ("Plus tard") before recording.
 */
async function dismissSurvey(frame) {
  const later = frame.getByRole('dialog').getByRole('button', { name: 'Plus tard' });
  const settled = frame.getByRole('progressbar', { name: /^Programme terminé/ });
  for (let waited = 0; waited < 15_000; waited += 250) {
    if (await later.isVisible()) {
      await later.click();
      await frame.getByRole('dialog').waitFor({ state: 'detached' });
      return;
    }
    // The dashboard has loaded its figures and no survey came with them.
    if (waited >= 2_000 && (await settled.isVisible())) return;
    await sleep(250);
  }
}

/** Logs the demo learner in through the login page of `frame` (a Page or a Frame). */
async function logIn(frame) {
  await frame.getByLabel('Adresse email', { exact: true }).fill(DEMO_EMAIL);
  await frame.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await frame.getByRole('button', { name: 'Se connecter' }).click();
  await frame.waitForURL('**/dashboard');
  await dismissSurvey(frame);
  await frame.getByRole('heading', { level: 2, name: /Camille/ }).waitFor();
  await frame
    .getByRole('combobox', { name: 'Groupe' })
    .or(frame.getByRole('button', { name: 'Ouvrir le menu' }))
    .first()
    .waitFor();
}

/** A desktop page (960×540) with the learner logged in on the dashboard, overlay installed. */
async function desktopPage(browser, baseURL) {
  const context = await newContext(browser, baseURL, { width: WIDTH, height: HEIGHT });
  await context.addInitScript(installOverlay, {
    captionStyle: 'bar',
    captionLeft: DESKTOP_MENU_WIDTH,
    touch: false,
  });
  const page = await context.newPage();
  await page.goto('/');
  await logIn(page);
  await page.evaluate(() => document.fonts.ready);
  await sleep(800);
  return { context, page };
}

// ---------------------------------------------------------------------------------------------
// Video 1: finding one's way

async function video1(browser, baseURL) {
  const title = 'Se repérer dans MedEnglish';
  const kicker = (i) => `Tutoriel 1/3 · ${title} · ${i}/6`;
  const { context, page } = await desktopPage(browser, baseURL);
  const pointer = new Pointer(page);
  const menu = page.getByRole('navigation', { name: 'Navigation principale' });
  const item = (name) => menu.getByRole('link', { name, exact: true });
  await pointer.place(620, 300);

  const rec = new Recorder(page);
  await rec.start();
  await rec.caption(
    kicker(1),
    'Voici votre tableau de bord : votre semestre et vos examens, votre temps de formation, vos résultats et un fait médical.',
  );
  await sleep(600);
  await pointer.hover(page.getByRole('heading', { level: 2, name: /Camille/ }), { fx: 0, dx: 240, ms: 900 });
  await sleep(500);
  await pointer.hover(page.getByRole('heading', { name: 'Mon semestre' }), { fx: 0.5, ms: 700 });
  await sleep(300);
  await pointer.wheel(330);
  await sleep(1500);
  await pointer.wheel(-330);
  await sleep(300);

  await rec.caption(
    kicker(2),
    'À gauche, le menu donne accès à toutes les rubriques : Tableau de bord, Groupe…',
  );
  await pointer.hover(item('Tableau de bord'), { fx: 0.82 });
  await sleep(700);
  await pointer.hover(item('Groupe'), { fx: 0.82, ms: 500 });
  await sleep(1400);

  await rec.caption(
    kicker(3),
    'E-learning s’ouvre sur deux entrées : vos cours et les ressources de votre groupe.',
  );
  await pointer.click(menu.getByRole('button', { name: 'E-learning' }), { fx: 0.82 });
  await sleep(700);
  await pointer.hover(item('Cours'), { fx: 0.82, ms: 500 });
  await sleep(900);
  await pointer.hover(item('Ressources'), { fx: 0.82, ms: 400 });
  await sleep(1400);

  await rec.caption(
    kicker(4),
    'Résultats présente vos résultats, Examen vos examens. Cliquez sur une rubrique : son nom s’affiche en haut.',
  );
  await pointer.hover(item('Résultats'), { fx: 0.82, ms: 500 });
  await sleep(800);
  await pointer.hover(item('Examen'), { fx: 0.82, ms: 400 });
  await sleep(800);
  await pointer.click(item('Résultats'), { fx: 0.82, ms: 400 });
  await page.getByRole('heading', { level: 1, name: 'Résultats' }).waitFor();
  await sleep(600);
  await pointer.hover(page.getByRole('heading', { level: 1, name: 'Résultats' }), {
    fx: 0,
    dx: 110,
    ms: 800,
  });
  await sleep(1200);

  await rec.caption(
    kicker(5),
    'Plus bas : Vidéothèque, Webinaires, Glossaire (glossaire médical), Liens utiles et Aide.',
  );
  await pointer.hover(item('Vidéothèque'), { fx: 0.82, ms: 700 });
  await pointer.wheel(260);
  await sleep(400);
  for (const name of ['Vidéothèque', 'Webinaires', 'Glossaire', 'Liens utiles', 'Aide']) {
    await pointer.hover(item(name), { fx: 0.82, ms: 380 });
    await sleep(330);
  }
  await sleep(600);

  await rec.caption(
    kicker(6),
    'Cliquez sur le logo MedEnglish, en haut à gauche, pour revenir au tableau de bord.',
  );
  await pointer.click(page.getByRole('link', { name: 'MedEnglish – tableau de bord' }), {
    fx: 0.1,
    fy: 0.8,
    ms: 900,
  });
  await page.getByRole('heading', { level: 2, name: /Camille/ }).waitFor();
  await sleep(900);
  await pointer.hover(item('Examen'), { fx: 0.82, ms: 700 });
  await pointer.wheel(-300);
  await sleep(300);
  await pointer.hover(item('Tableau de bord'), { fx: 0.82, ms: 600 });
  await sleep(1600);
  await rec.stop();
  await context.close();
  writeOutputs(1, title, rec, 0.5);
}

// ---------------------------------------------------------------------------------------------
// Video 2: group, notifications, account

async function video2(browser, baseURL) {
  const title = 'Votre groupe et vos notifications';
  const kicker = (i) => `Tutoriel 2/3 · ${title} · ${i}/5`;
  const { context, page } = await desktopPage(browser, baseURL);
  const pointer = new Pointer(page);
  const selector = page.getByRole('combobox', { name: 'Groupe' });
  const bell = page.getByRole('button', { name: /^\d+\+? notifications?$/ });
  const account = page.getByRole('button', { name: 'Mon compte' });
  await pointer.place(600, 300);

  const rec = new Recorder(page);
  await rec.start();
  await rec.caption(kicker(1), 'En haut à droite : votre groupe, vos notifications et votre compte.');
  await sleep(700);
  await pointer.hover(selector, { fx: 0.9, ms: 900 });
  await sleep(500);
  await pointer.hover(bell, { ms: 500 });
  await sleep(400);
  await pointer.hover(account, { ms: 400 });
  await sleep(1300);

  await rec.caption(
    kicker(2),
    'Inscrit(e) dans plusieurs groupes ? Choisissez ici le groupe et le semestre que vous consultez.',
  );
  await pointer.click(selector, { fx: 0.9, ms: 700 });
  const s1 = page.getByRole('option', { name: 'S1 – Groupe A' });
  await s1.waitFor();
  await sleep(1000);
  await pointer.hover(s1, { fx: 0.9, ms: 500 });
  await sleep(600);
  await pointer.click(s1, { fx: 0.9, ms: 200 });
  await page.getByRole('option').first().waitFor({ state: 'detached' });
  await pointer.hover(selector, { fx: 0.9, ms: 500 });
  await sleep(1800);

  await rec.caption(kicker(3), 'La cloche indique le nombre de notifications. Cliquez dessus pour les lire.');
  await pointer.click(bell, { ms: 700 });
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await popover.waitFor();
  await sleep(600);
  await pointer.hover(popover.getByRole('listitem').first(), { fx: 0.93, fy: 0.75, ms: 700 });
  await sleep(2400);
  await pointer.clickAt(420, 330, 700);
  await popover.waitFor({ state: 'detached' });
  await sleep(500);

  await rec.caption(
    kicker(4),
    'Le menu Mon compte : votre profil, le mode sombre, la langue (English) et la déconnexion.',
  );
  await pointer.click(account, { ms: 700 });
  const dark = page.getByRole('menuitemcheckbox', { name: 'Mode sombre' });
  await dark.waitFor();
  await sleep(500);
  await pointer.hover(page.getByRole('menuitem', { name: 'Profil' }), { fx: 0.82, ms: 500 });
  await sleep(800);
  await pointer.hover(page.getByRole('menuitem', { name: 'Déconnexion' }), { fx: 0.82, ms: 500 });
  await sleep(1600);

  await rec.caption(
    kicker(5),
    'Activez le mode sombre pour un affichage plus reposant, puis cliquez à nouveau pour revenir au mode clair.',
  );
  await pointer.click(dark, { fx: 0.82, ms: 500 });
  await sleep(2200);
  await pointer.click(dark, { fx: 0.82, ms: 200 });
  await sleep(1300);
  await pointer.clickAt(560, 300, 700);
  await dark.waitFor({ state: 'detached' });
  await sleep(1400);
  await rec.stop();
  await context.close();
  writeOutputs(2, title, rec, 0.5);
}

// ---------------------------------------------------------------------------------------------
// Video 3: on a phone, shown in a frame beside the captions

function stageHtml(baseURL) {
  const w = PHONE.width * PHONE.scale;
  const h = PHONE.height * PHONE.scale;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>MedEnglish sur mobile</title>
<style>
  html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
  body { background: linear-gradient(135deg, #e3eaf2, #c9d6e4); }
  #phone { position: absolute; left: ${PHONE.left}px; top: ${PHONE.top}px; width: ${w}px; height: ${h}px;
    border-radius: 14px; overflow: hidden; background: #fff;
    box-shadow: 0 0 0 6px #1d232b, 0 0 0 7px #4a5561, 0 12px 30px rgba(0,0,0,.35); }
  #app { border: 0; width: ${PHONE.width}px; height: ${PHONE.height}px; transform: scale(${PHONE.scale});
    transform-origin: 0 0; display: block; }
</style></head>
<body><div id="phone"><iframe id="app" src="${baseURL}/" title="MedEnglish"></iframe></div></body></html>`;
}

async function video3(browser, baseURL) {
  const title = 'Sur mobile';
  const kicker = (i) => `Tutoriel 3/3 · ${title} · ${i}/5`;
  const context = await newContext(browser, baseURL, { width: WIDTH, height: HEIGHT });
  const stageUrl = `${baseURL}/__tutorial-stage`;
  await context.route(stageUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: stageHtml(baseURL) }),
  );
  const page = await context.newPage();
  await page.goto(stageUrl);
  await page.evaluate(installOverlay, {
    captionStyle: 'panel',
    captionLeft: PHONE.left + PHONE.width * PHONE.scale + 48,
    touch: true,
  });
  const app = await (await page.waitForSelector('#app')).contentFrame();
  await app.waitForLoadState();
  await app.getByRole('button', { name: 'Se connecter' }).waitFor();
  await logIn(app);
  await page.evaluate(() => document.fonts.ready);
  await sleep(800);

  // Boxes measured inside the phone's document, mapped onto the stage.
  const toPage = (box) => ({
    x: PHONE.left + box.x * PHONE.scale,
    y: PHONE.top + box.y * PHONE.scale,
    width: box.width * PHONE.scale,
    height: box.height * PHONE.scale,
  });
  const inPhone = async (locator) => {
    await locator.waitFor({ state: 'visible' });
    return locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
  };
  const pointer = new Pointer(page, (box) => box);
  pointer.target = async (locator, { fx = 0.5, fy = 0.5 } = {}) => {
    const box = toPage(await inPhone(locator));
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  };
  const menu = app.getByRole('navigation', { name: 'Navigation principale' });
  const item = (name) => menu.getByRole('link', { name, exact: true });
  await pointer.place(PHONE.left + 200, PHONE.top + 300);

  const rec = new Recorder(page);
  await rec.start();
  await rec.caption(
    kicker(1),
    'Sur téléphone, MedEnglish s’adapte à l’écran : le menu se replie derrière le bouton ☰ en haut à gauche.',
  );
  await sleep(1000);
  await pointer.hover(app.getByRole('button', { name: 'Ouvrir le menu' }), { ms: 1000 });
  await sleep(1400);

  await rec.caption(
    kicker(2),
    'Touchez-le : le menu s’ouvre avec toutes les rubriques, et aussi votre profil.',
  );
  await pointer.click(app.getByRole('button', { name: 'Ouvrir le menu' }), { ms: 300 });
  await item('Tableau de bord').waitFor();
  await sleep(900);
  await pointer.hover(item('Profil'), { fx: 0.82, ms: 600 });
  await sleep(900);
  await pointer.hover(item('Résultats'), { fx: 0.82, ms: 700 });
  await sleep(900);
  await pointer.hover(item('Glossaire'), { fx: 0.82, ms: 700 });
  await sleep(600);
  await pointer.wheel(320, 8);
  await sleep(900);

  await rec.caption(
    kicker(3),
    'En bas du menu, Change semester : choisissez le groupe ou le semestre à afficher.',
  );
  const semester = app.getByRole('combobox', { name: 'Changer de semestre' });
  await pointer.click(semester, { fx: 0.9, ms: 800 });
  const s1 = app.getByRole('option', { name: 'S1 – Groupe A' });
  await s1.waitFor();
  await sleep(1200);
  await pointer.click(s1, { fx: 0.82, ms: 600 });
  await app.getByRole('option').first().waitFor({ state: 'detached' });
  await pointer.hover(semester, { fx: 0.9, ms: 500 });
  await sleep(1400);

  await rec.caption(
    kicker(4),
    'Mode sombre active le mode sombre ; touchez à nouveau pour revenir au mode clair.',
  );
  const dark = menu.getByRole('switch', { name: 'Mode sombre' });
  await pointer.click(dark, { fx: 0.82, ms: 700 });
  await sleep(2400);
  await pointer.click(dark, { fx: 0.82, ms: 300 });
  await sleep(1400);

  await rec.caption(kicker(5), 'Déconnexion vous ramène à la page de connexion. Bonne formation !');
  await pointer.hover(menu.getByRole('button', { name: 'Déconnexion' }), { fx: 0.82, ms: 700 });
  await sleep(1500);
  await pointer.click(menu.getByRole('button', { name: 'Déconnexion' }), { fx: 0.82, ms: 200 });
  await app.getByRole('button', { name: 'Se connecter' }).waitFor();
  await sleep(500);
  await pointer.glide(PHONE.left + PHONE.width * PHONE.scale + 20, PHONE.top + 470, 800);
  await sleep(2000);
  await rec.stop();
  await context.close();
  writeOutputs(3, title, rec, 0.5);
}

// ---------------------------------------------------------------------------------------------

const videos = { 1: video1, 2: video2, 3: video3 };
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(videos);
for (const n of wanted) if (!videos[n]) throw new Error(`unknown video ${n} (expected 1, 2 or 3)`);

mkdirSync(OUT_DIR, { recursive: true });
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: LAUNCH_ARGS,
});
try {
  for (const n of wanted) {
    // One retry: a rebuild of apps/web/dist during a take (new asset names) leaves a blank page.
    for (let attempt = 1; ; attempt++) {
      try {
        await videos[n](browser, server.baseUrl);
        break;
      } catch (error) {
        if (attempt === 2) throw error;
        console.warn(
          `tutorial-${n}: take ${attempt} failed (${error.message.split('\n')[0]}), recording again`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
