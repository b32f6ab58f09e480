#!/usr/bin/env node
/**
 * Writes the group resource video "Hand hygiene: the WHO 5 moments":
 *   apps/server/src/demo/elearning/resources/hand-hygiene-moments.mp4  (640×360, H.264 + AAC, faststart)
 *   apps/server/src/demo/elearning/resources/hand-hygiene-moments.vtt  (English captions = the narration)
 *   apps/server/src/demo/elearning/resources/hand-hygiene-moments.jpg  (poster: the title slide)
 * Slides are SVG drawn here and rasterised with rsvg-convert; the narration is eSpeak NG (British
 * English voice, slowed down), one clip per caption cue, so every cue's timing is exact.
 * Script, slides and narration were written for MedEnglish (after the WHO "My 5 Moments for Hand
 * Hygiene").
 *
 * Needs: node, espeak-ng, rsvg-convert, ffmpeg (libx264) and the DejaVu fonts. On Debian:
 *   apt-get install -y espeak-ng librsvg2-bin ffmpeg fonts-dejavu-core
 * Run from anywhere: node apps/server/scripts/demo-media/hand-hygiene-video.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWav, vttTime, wav } from './lib/slides-video.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../src/demo/elearning/resources');
const NAME = 'hand-hygiene-moments';
const VOICE = 'en-gb';
const SPEED = 140; // words per minute (espeak-ng's default is 175)
const LEAD = 0.4; // seconds of silence before the first cue of a slide
const GAP = 0.3; // between two cues of the same slide
const TAIL = 0.6; // after the last cue of a slide
const FADE = 0.25; // fade from / to black at each slide change

// ---- Slides -------------------------------------------------------------------------------------

const FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"';
const TEAL = '#0f766e';
const frame = (bg, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
  `<rect width="640" height="360" fill="${bg}"/>${body}</svg>`;

/** A raised hand, drawn with rounded bars: the programme's symbol. */
const hand = (x, y, s, fill) => `
<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
  <rect x="-34" y="-10" width="68" height="74" rx="24"/>
  <rect x="-34" y="-64" width="16" height="70" rx="8"/><rect x="-16" y="-76" width="16" height="80" rx="8"/>
  <rect x="2" y="-72" width="16" height="76" rx="8"/><rect x="20" y="-58" width="15" height="64" rx="7.5"/>
  <path d="M-24 36L-54-2" stroke="${fill}" stroke-width="17" stroke-linecap="round"/>
</g>`;

/** Five dots in the header bar, the current one filled. */
const progress = (n) =>
  [1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<circle cx="${500 + (i - 1) * 26}" cy="28" r="${i === n ? 9 : 7}" fill="${i === n ? '#fbbf24' : '#5eead4'}"/>`,
    )
    .join('');

const ARROW = `<path d="M-34 0h56" stroke="#94a3b8" stroke-width="8" stroke-linecap="round"/><path d="M20-16l20 16-20 16z" fill="#94a3b8"/>`;

const ICONS = {
  // a person (head and shoulders)
  patient: `<circle cx="0" cy="-30" r="26" fill="#0f766e"/><path d="M-46 50c0-40 20-56 46-56s46 16 46 56z" fill="#0f766e"/>`,
  // a syringe
  aseptic: `<g transform="rotate(-40)"><rect x="-60" y="-14" width="90" height="28" rx="4" fill="#e0f2fe" stroke="#0369a1" stroke-width="5"/>
    <rect x="-40" y="-14" width="40" height="28" fill="#7dd3fc"/><path d="M30 0h40M-60 0h-22M-82-16v32" stroke="#0369a1" stroke-width="6" stroke-linecap="round"/></g>`,
  // a drop of body fluid
  fluid: `<path d="M0-60C22-26 40-4 40 18a40 40 0 0 1-80 0C-40-4-22-26 0-60z" fill="#dc2626"/>
    <path d="M-18 16a18 18 0 0 0 14 18" stroke="#fecaca" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  // a bed with a bedside table
  surroundings: `<rect x="-70" y="-10" width="110" height="30" rx="6" fill="#0f766e"/><rect x="-70" y="-40" width="12" height="80" rx="4" fill="#115e59"/>
    <rect x="28" y="-22" width="12" height="62" rx="4" fill="#115e59"/><rect x="-56" y="-26" width="34" height="18" rx="8" fill="#99f6e4"/>
    <rect x="50" y="-4" width="34" height="44" rx="4" fill="#f59e0b"/>`,
};

const momentSlide = (n, when, title, example, icon) => {
  const badge = when === 'BEFORE' ? '#15803d' : '#c2410c';
  const lines = title
    .map(
      (line, i) =>
        `<text x="200" y="${i * 40 + 150}" ${FONT} font-size="32" font-weight="bold" fill="#134e4a">${line}</text>`,
    )
    .join('');
  return frame(
    '#f0fdfa',
    `<rect width="640" height="56" fill="${TEAL}"/>
<text x="24" y="37" ${FONT} font-size="22" font-weight="bold" fill="#ffffff">The 5 moments for hand hygiene</text>
<circle cx="100" cy="150" r="62" fill="${TEAL}"/>
<text x="100" y="176" ${FONT} font-size="72" font-weight="bold" fill="#ffffff" text-anchor="middle">${n}</text>
<rect x="200" y="86" width="${when.length * 16 + 24}" height="32" rx="16" fill="${badge}"/>
<text x="212" y="109" ${FONT} font-size="20" font-weight="bold" fill="#ffffff">${when}</text>
${lines}
<text x="200" y="${title.length * 40 + 150}" ${FONT} font-size="17" fill="#475569">${example}</text>
${progress(n)}
<g transform="translate(${when === 'BEFORE' ? 430 : 250} 282) scale(0.58)">${ICONS[icon]}</g>
<g transform="translate(340 282)">${ARROW}</g>
${hand(when === 'BEFORE' ? 250 : 430, 290, 0.58, '#f59e0b')}`,
  );
};

const titleSlide = frame(
  TEAL,
  `<circle cx="560" cy="60" r="170" fill="#115e59"/>
${hand(510, 150, 1.1, '#fbbf24')}
<circle cx="430" cy="70" r="10" fill="#99f6e4"/><circle cx="600" cy="250" r="7" fill="#99f6e4"/><circle cx="420" cy="230" r="6" fill="#99f6e4"/>
<text x="40" y="120" ${FONT} font-size="44" font-weight="bold" fill="#ffffff">Hand hygiene</text>
<text x="40" y="166" ${FONT} font-size="28" fill="#ccfbf1">The 5 moments</text>
<text x="40" y="200" ${FONT} font-size="16" fill="#99f6e4">World Health Organization · MedEnglish</text>
${[1, 2, 3, 4, 5]
  .map(
    (i) =>
      `<circle cx="${64 + (i - 1) * 62}" cy="270" r="24" fill="#ffffff"/>` +
      `<text x="${64 + (i - 1) * 62}" y="279" ${FONT} font-size="24" font-weight="bold" fill="${TEAL}" text-anchor="middle">${i}</text>`,
  )
  .join('')}`,
);

const howSlide = frame(
  '#f0fdfa',
  `<rect width="640" height="56" fill="${TEAL}"/>
<text x="24" y="37" ${FONT} font-size="22" font-weight="bold" fill="#ffffff">How to clean your hands</text>
<rect x="30" y="82" width="280" height="230" rx="16" fill="#ffffff" stroke="#99f6e4" stroke-width="3"/>
<rect x="330" y="82" width="280" height="230" rx="16" fill="#ffffff" stroke="#99f6e4" stroke-width="3"/>
<rect x="145" y="104" width="50" height="70" rx="10" fill="#0f766e"/><rect x="158" y="92" width="24" height="14" fill="#115e59"/>
<rect x="150" y="126" width="40" height="30" rx="4" fill="#ccfbf1"/>
<path d="M470 100c14 22 24 36 24 50a24 24 0 0 1-48 0c0-14 10-28 24-50z" fill="#38bdf8"/>
<text x="170" y="214" ${FONT} font-size="21" font-weight="bold" fill="#134e4a" text-anchor="middle">Hand rub</text>
<text x="170" y="252" ${FONT} font-size="30" font-weight="bold" fill="${TEAL}" text-anchor="middle">20–30 s</text>
<text x="170" y="288" ${FONT} font-size="15" fill="#475569" text-anchor="middle">alcohol-based, routinely</text>
<text x="470" y="214" ${FONT} font-size="21" font-weight="bold" fill="#134e4a" text-anchor="middle">Soap and water</text>
<text x="470" y="252" ${FONT} font-size="30" font-weight="bold" fill="${TEAL}" text-anchor="middle">40–60 s</text>
<text x="470" y="288" ${FONT} font-size="15" fill="#475569" text-anchor="middle">when hands are visibly soiled</text>`,
);

// Each slide and the narration said over it, one caption cue per string.
const SEGMENTS = [
  {
    svg: titleSlide,
    cues: [
      'Hand hygiene: the five moments.',
      'The World Health Organization describes five moments to clean your hands.',
    ],
  },
  {
    svg: momentSlide(
      1,
      'BEFORE',
      ['touching a patient'],
      'e.g. shaking hands, helping to move, examining',
      'patient',
    ),
    cues: ['Moment one: before touching a patient.'],
  },
  {
    svg: momentSlide(
      2,
      'BEFORE',
      ['a clean or aseptic', 'procedure'],
      'e.g. injection, wound dressing, catheter',
      'aseptic',
    ),
    cues: ['Moment two: before a clean or aseptic procedure.'],
  },
  {
    svg: momentSlide(
      3,
      'AFTER',
      ['a body fluid', 'exposure risk'],
      'e.g. taking blood, emptying a urine bag',
      'fluid',
    ),
    cues: ['Moment three: after a body fluid exposure risk.'],
  },
  {
    svg: momentSlide(
      4,
      'AFTER',
      ['touching a patient'],
      'e.g. taking a pulse or a blood pressure',
      'patient',
    ),
    cues: ['Moment four: after touching a patient.'],
  },
  {
    svg: momentSlide(
      5,
      'AFTER',
      ['touching a patient’s', 'surroundings'],
      'e.g. bed rails, bedside table, monitor',
      'surroundings',
    ),
    cues: ['Moment five: after touching a patient’s surroundings.'],
  },
  {
    svg: howSlide,
    cues: [
      'Use hand rub for twenty to thirty seconds,',
      'or soap and water when your hands are visibly soiled.',
    ],
  },
];

// ---- Build (the WAV and WebVTT helpers are lib/slides-video.mjs's) ------------------------------ --------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'hand-hygiene-'));
try {
  let rate = 0;
  const chunks = [];
  const durations = [];
  const cues = [];
  let t = 0;
  const silence = (seconds) => {
    const samples = Math.round(seconds * rate);
    chunks.push(Buffer.alloc(samples * 2));
    t += samples / rate;
  };
  SEGMENTS.forEach((segment, s) => {
    const start = t;
    segment.cues.forEach((text, c) => {
      const file = join(work, `cue-${s}-${c}.wav`);
      execFileSync('espeak-ng', ['-v', VOICE, '-s', String(SPEED), '-w', file, text]);
      const clip = readWav(file);
      if (!rate) rate = clip.rate;
      if (clip.rate !== rate) throw new Error('espeak-ng changed its sample rate');
      silence(c === 0 ? LEAD : GAP);
      const cueStart = t;
      chunks.push(clip.pcm);
      t += clip.pcm.length / 2 / rate;
      cues.push({ start: cueStart, end: t + 0.15, text });
    });
    silence(TAIL);
    durations.push(t - start);
    writeFileSync(join(work, `slide-${s}.svg`), segment.svg);
    execFileSync('rsvg-convert', [
      '-w',
      '640',
      '-h',
      '360',
      '-o',
      join(work, `slide-${s}.png`),
      join(work, `slide-${s}.svg`),
    ]);
  });
  writeFileSync(join(work, 'narration.wav'), wav(rate, Buffer.concat(chunks)));

  const args = ['-y', '-loglevel', 'error'];
  durations.forEach((d, s) =>
    args.push('-loop', '1', '-framerate', '25', '-t', d.toFixed(3), '-i', join(work, `slide-${s}.png`)),
  );
  args.push('-i', join(work, 'narration.wav'));
  const filters = durations.map(
    (d, s) =>
      `[${s}:v]format=yuv420p,fade=t=in:st=0:d=${FADE},fade=t=out:st=${(d - FADE).toFixed(3)}:d=${FADE}[v${s}]`,
  );
  filters.push(`${durations.map((_, s) => `[v${s}]`).join('')}concat=n=${durations.length}:v=1:a=0[v]`);
  mkdirSync(OUT, { recursive: true });
  const mp4 = join(OUT, `${NAME}.mp4`);
  args.push(
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[v]',
    '-map',
    `${durations.length}:a`,
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'stillimage',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'main',
    '-g',
    '125',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ar',
    '44100',
    '-ac',
    '1',
    '-movflags',
    '+faststart',
    '-metadata',
    'title=Hand hygiene: the WHO 5 moments',
    '-metadata',
    'language=eng',
    '-shortest',
    mp4,
  );
  execFileSync('ffmpeg', args);

  const vtt = [
    'WEBVTT',
    '',
    ...cues.flatMap((c, i) => [String(i + 1), `${vttTime(c.start)} --> ${vttTime(c.end)}`, c.text, '']),
  ];
  writeFileSync(join(OUT, `${NAME}.vtt`), vtt.join('\n'));

  const jpg = join(OUT, `${NAME}.jpg`);
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', join(work, 'slide-0.png'), '-q:v', '4', jpg]);

  console.log(`${NAME}.mp4  ${t.toFixed(1)} s  ${statSync(mp4).size} bytes`);
  console.log(`${NAME}.vtt  ${cues.length} cues`);
  console.log(`${NAME}.jpg  ${statSync(jpg).size} bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
