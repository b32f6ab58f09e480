// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the two pages a
// learner meets first: the login page '/', and the dashboard of a signed-in learner with an empty
// HTTP cache. Three runs each, the median kept (by performance score). Uses Debian's Chromium.
// Usage: npm run build && node bench/lighthouse.mjs [runs]
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { startServer } from './lib/server.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/**
 * CPU slowdown. The mobile preset's fixed 4× assumes a high-end desktop host, benchmark index
 * 1,500–2,000 (Lighthouse docs/throttling.md, "Calibrating the CPU slowdown"): it emulates a phone
 * of about a quarter of 1,750. On the session machines the index ranges from 1,100 to 2,700, so a
 * fixed 4× emulates a different phone on each. `LH_CPU=calibrated` (the default) measures the
 * machine first and slows it down to that same phone, 4 × index / 1,750, as the docs advise;
 * `LH_CPU=4` (or any number) applies a fixed multiplier, the preset's as it is.
 */
const PRESET_HOST_INDEX = 1750;
const cpuSetting = process.env.LH_CPU ?? 'calibrated';

async function signIn(url) {
  const post = (p, body, token) =>
    fetch(`${url}${p}`, {
      method: body === undefined ? 'GET' : 'PUT',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const auth = await (
    await fetch(`${url}/api/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'etudiant.demo@demo-univ.fr', password: 'DemoPass2026' }),
    })
  ).json();
  // The satisfaction survey is put off, as most visits see the dashboard without it.
  const user = await (await post(`/api/student/${auth._id}`, undefined, auth.token)).json();
  const survey = await (
    await post(
      `/api/survey/single/${auth._id}/Students/${user.semester}/${user.company}`,
      undefined,
      auth.token,
    )
  ).json();
  if (survey?._id) await post(`/api/survey/later/${survey._id}`, {}, auth.token);
  return auth;
}

/**
 * A fresh Chromium profile; for the dashboard, the session cookies and the session record are put
 * in place from a JSON call of the same origin, so no file of the app is in the cache before the
 * measured load.
 */
async function measure(url, page, { signedIn, cpuSlowdownMultiplier }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    if (signedIn) {
      const auth = await signIn(url);
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${url}/api/health`);
      const domain = new URL(url).hostname;
      await browser.setCookie(
        { name: 'token', value: auth.token, domain, path: '/' },
        { name: 'refreshToken', value: auth.refreshToken, domain, path: '/' },
      );
      await tab.evaluate(
        (info) => {
          localStorage.setItem('medenglish.session', JSON.stringify(info));
        },
        { email: 'etudiant.demo@demo-univ.fr', userId: auth._id, authCookieMinutes: null },
      );
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: signedIn,
      ...(cpuSlowdownMultiplier
        ? {
            throttling: {
              ...lighthouseConstants.throttling.mobileSlow4G,
              cpuSlowdownMultiplier,
            },
          }
        : {}),
      // LH_TRACE=1 with LH_DUMP keeps the trace and samples the JavaScript, to see what a long task
      // runs (the sampling slows the page down); LH_TRACE=plain keeps the trace as measured.
      ...(process.env.LH_TRACE && process.env.LH_TRACE !== 'plain'
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    });
    const lhr = result.lhr;
    // A run Lighthouse could not measure scores 0: say why rather than leave a silent zero (the
    // calibration run reads JSON on purpose, for the machine's index only).
    if (signedIn || page !== '/api/health') {
      if (lhr.runtimeError) console.warn(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings ?? []) console.warn(`${page}: ${warning}`);
    }
    // LH_DUMP=dir keeps each full report, to see what to improve.
    // (The calibration run of /api/health has no report to keep.)
    if (process.env.LH_DUMP && result.report)
      fs.writeFileSync(
        path.join(process.env.LH_DUMP, `${page.replace(/\W/g, '_') || 'root'}.json`),
        result.report,
      );
    if (process.env.LH_DUMP && process.env.LH_TRACE && result.artifacts?.Trace)
      fs.writeFileSync(
        path.join(process.env.LH_DUMP, `${page.replace(/\W/g, '_') || 'root'}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    const audit = (id) => lhr.audits[id];
    const scripts = (audit('network-requests').details?.items ?? []).filter(
      (r) => r.resourceType === 'Script',
    );
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
      fcpMs: Math.round(audit('first-contentful-paint').numericValue),
      tbtMs: Math.round(audit('total-blocking-time').numericValue),
      cls: Number((audit('cumulative-layout-shift').numericValue ?? 0).toFixed(3)),
      speedIndexMs: Math.round(audit('speed-index').numericValue),
      scripts: scripts.length,
      scriptKiB: Math.round(scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024),
      totalKiB: Math.round(audit('total-byte-weight').numericValue / 1024),
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.code,
      // Lighthouse's own CPU benchmark of this machine: the simulated CPU times scale with it, so
      // figures from two sessions compare only at a similar index (higher is faster).
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    };
  } finally {
    await chrome.kill();
  }
}

/** The multiplier for this page's runs: fixed, or calibrated on the machine as it is now. */
async function slowdownFor(url) {
  if (cpuSetting !== 'calibrated') return Number(cpuSetting);
  // Lighthouse measures the index at the start of each run: one short run of a tiny page gives it.
  const { benchmarkIndex } = await measure(url, '/api/health', { signedIn: false });
  return Math.max(1, Number(((4 * benchmarkIndex) / PRESET_HOST_INDEX).toFixed(2)));
}

const median = (runs) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];

const server = await startServer(process.env.LH_DB ?? 'pglite');
const results = [];
try {
  // LH_PAGES=/dashboard measures one page only.
  const pages = [
    ['/', false],
    ['/dashboard', true],
  ].filter(([page]) => !process.env.LH_PAGES || process.env.LH_PAGES.split(',').includes(page));
  for (const [page, signedIn] of pages) {
    const cpuSlowdownMultiplier = await slowdownFor(server.url);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A run Lighthouse could not read (now and then NO_NAVSTART on these machines:
      // its trace lacks the navigation's start) is measured again rather than counted as a 0.
      let run = await measure(server.url, page, { signedIn, cpuSlowdownMultiplier });
      for (let retry = 0; run.runtimeError && retry < 2; retry++) {
        console.warn(`${page}: run ${i + 1} not measured (${run.runtimeError}); measuring it again`);
        run = await measure(server.url, page, { signedIn, cpuSlowdownMultiplier });
      }
      runs.push(run);
    }
    if (signedIn && !runs.every((r) => r.finalUrl.endsWith('/dashboard')))
      throw new Error(`not signed in: landed on ${runs.map((r) => r.finalUrl).join(', ')}`);
    results.push({ page, cache: 'empty', runs: runs.map((r) => r.score), ...median(runs) });
  }
} finally {
  await server.stop();
}
console.table(
  results.map(({ page, runs, score, lcpMs, tbtMs, cls, scripts, scriptKiB, totalKiB, benchmarkIndex }) => ({
    page,
    'CPU index': benchmarkIndex,
    'CPU ×': results.find((r) => r.page === page)?.cpuSlowdownMultiplier,
    runs: runs.join(' '),
    score,
    'LCP ms': lcpMs,
    'TBT ms': tbtMs,
    CLS: cls,
    scripts,
    'JS KiB': scriptKiB,
    'total KiB': totalKiB,
  })),
);
const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'lighthouse.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: '2 cores, 24 GiB',
      preset: 'Lighthouse mobile, simulated',
      cpu: cpuSetting,
      results,
    },
    null,
    2,
  ) + '\n',
);
