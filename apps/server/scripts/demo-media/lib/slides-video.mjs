/**
 * Shared helpers of the demo-media generators that turn SVG slides and eSpeak NG narration into a
 * short captioned video (the technique of ../hand-hygiene-video.mjs, made reusable), plus A4 SVG
 * pages rendered to a real PDF (selectable text) with rsvg-convert.
 *
 * Text is measured with the advance widths read from the DejaVu Sans TrueType files themselves, so
 * every line drawn through `text()` or `wrap()` is checked to fit: a slide whose text would be cut
 * off makes the build fail instead of shipping.
 *
 * Needs: node, espeak-ng, rsvg-convert, ffmpeg/ffprobe (libx264) and the DejaVu fonts. On Debian:
 *   apt-get install -y espeak-ng librsvg2-bin ffmpeg fonts-dejavu-core
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// ---- Palette and fonts ---------------------------------------------------------------------------

export const FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"';
export const C = {
  teal: '#0f766e',
  tealDark: '#115e59',
  ink: '#134e4a', // headings on light backgrounds
  grey: '#475569', // secondary text
  paper: '#f0fdfa', // light slide background
  mint: '#99f6e4',
  mintLight: '#ccfbf1',
  aqua: '#5eead4',
  amber: '#fbbf24',
  amberDark: '#f59e0b',
  white: '#ffffff',
};

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';

/** Advance widths of a TrueType font (cmap format 4 + hmtx), as a function text → width in em. */
function loadMetrics(file) {
  const b = readFileSync(file);
  const tables = {};
  for (let i = 0; i < b.readUInt16BE(4); i++) {
    const rec = 12 + i * 16;
    tables[b.toString('ascii', rec, rec + 4)] = b.readUInt32BE(rec + 8);
  }
  const unitsPerEm = b.readUInt16BE(tables.head + 18);
  const numH = b.readUInt16BE(tables.hhea + 34);
  const advance = (g) => b.readUInt16BE(tables.hmtx + 4 * Math.min(g, numH - 1));
  const cmap = tables.cmap;
  let sub = -1;
  for (let i = 0; i < b.readUInt16BE(cmap + 2); i++) {
    const platform = b.readUInt16BE(cmap + 4 + i * 8);
    const encoding = b.readUInt16BE(cmap + 6 + i * 8);
    const offset = cmap + b.readUInt32BE(cmap + 8 + i * 8);
    if (platform === 3 && encoding === 1 && b.readUInt16BE(offset) === 4) sub = offset;
  }
  if (sub < 0) throw new Error(`no Unicode BMP cmap in ${file}`);
  const segX2 = b.readUInt16BE(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  const glyph = (c) => {
    for (let i = 0; i < segX2; i += 2) {
      if (c > b.readUInt16BE(ends + i)) continue;
      const start = b.readUInt16BE(starts + i);
      if (c < start) return 0;
      const delta = b.readUInt16BE(deltas + i);
      const rangeOffset = b.readUInt16BE(ranges + i);
      if (rangeOffset === 0) return (c + delta) & 0xffff;
      const g = b.readUInt16BE(ranges + i + rangeOffset + 2 * (c - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
  return (text) => {
    let w = 0;
    for (const ch of text) {
      const g = glyph(ch.codePointAt(0));
      if (g === 0) throw new Error(`DejaVu Sans has no glyph for “${ch}” (in “${text}”)`);
      w += advance(g);
    }
    return w / unitsPerEm;
  };
}

let metrics;
/** Width in px (or pt) of `str` set in DejaVu Sans at `size`. */
export function measure(str, size, bold = false) {
  metrics ??= {
    regular: loadMetrics(join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: loadMetrics(join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return metrics[bold ? 'bold' : 'regular'](str) * size;
}

/**
 * Splits a paragraph into lines no wider than `width`, at ordinary spaces only (a no-break space,
 * U+00A0, keeps "Call 999" or "500 mg" together); a word that cannot fit throws.
 */
export function wrap(str, size, width, bold = false) {
  const lines = [];
  let line = '';
  for (const word of str.split(/[ \t\n]+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  for (const l of lines)
    if (measure(l, size, bold) > width) throw new Error(`“${l}” is wider than ${width} at ${size}`);
  return lines;
}

export const esc = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One line of text. `max` (the width available, measured from the anchor in the text's direction,
 * or the full width for a middle anchor) is enforced: text that would not fit throws.
 */
export function text(x, y, str, { size = 20, bold = false, fill = C.ink, anchor = 'start', max } = {}) {
  if (max !== undefined && measure(str, size, bold) > max)
    throw new Error(`“${str}” (${Math.round(measure(str, size, bold))} px) is wider than ${max} px`);
  return (
    `<text x="${x}" y="${y}" ${FONT} font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="${fill}"` +
    `${anchor === 'start' ? '' : ` text-anchor="${anchor}"`}>${esc(str)}</text>`
  );
}

/** A 640×360 slide. */
export const frame = (bg, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
  `<rect width="640" height="360" fill="${bg}"/>${body}</svg>`;

/** The teal header bar of a content slide: its label on the left, `right` drawn by the caller. */
export const header = (label, right = '') =>
  `<rect width="640" height="56" fill="${C.teal}"/>` +
  text(24, 37, label, { size: 22, bold: true, fill: C.white, max: 400 }) +
  right;

/** Progress dots ending at x = 614 in the header, the current one (1-based) amber and larger. */
export const dots = (current, total) =>
  Array.from({ length: total }, (_, i) => {
    const on = i + 1 === current;
    return `<circle cx="${614 - (total - 1 - i) * 26}" cy="28" r="${on ? 9 : 7}" fill="${on ? C.amber : C.aqua}"/>`;
  }).join('');

/** The letters of a mnemonic in the header, those in `active` (indexes) amber. */
export const letters = (word, active) =>
  [...word]
    .map((ch, i) => {
      const x = 614 - (word.length - 1 - i) * 24;
      const on = active.includes(i);
      return (
        `<circle cx="${x}" cy="28" r="11" fill="${on ? C.amber : C.tealDark}"/>` +
        text(x, 34, ch, { size: 15, bold: true, fill: on ? C.ink : C.mint, anchor: 'middle' })
      );
    })
    .join('');

/**
 * A speech bubble (white, teal outline, tail on the left) holding `paragraphs`, each wrapped to
 * `w`; returns { svg, height }.
 */
export function bubble(
  x,
  y,
  w,
  paragraphs,
  { size = 21, fill = C.ink, stroke = C.aqua, lineGap = 1.3 } = {},
) {
  const pad = 14;
  const lines = paragraphs.flatMap((p, i) =>
    wrap(p, size, w - 2 * pad).map((l, j) => ({ l, gapBefore: i > 0 && j === 0 })),
  );
  let cy = y + pad + size * 0.9;
  const body = lines
    .map(({ l, gapBefore }, k) => {
      if (k > 0) cy += size * lineGap + (gapBefore ? size * 0.35 : 0);
      return text(x + pad, Math.round(cy), l, { size, fill });
    })
    .join('');
  const height = Math.round(cy - y + pad + size * 0.3);
  const svg =
    `<rect x="${x}" y="${y}" width="${w}" height="${height}" rx="14" fill="#ffffff" stroke="${stroke}" stroke-width="3"/>` +
    `<path d="M${x + 1.5} ${y + 22}l-16 6 16 10z" fill="#ffffff" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"/>` +
    `<rect x="${x + 1.5}" y="${y + 20}" width="5" height="20" fill="#ffffff"/>` +
    body;
  return { svg, height };
}

// ---- Audio (16-bit PCM WAV) ---------------------------------------------------------------------

/** Cuts the silence eSpeak leaves before and after a clip, keeping 40 ms on each side. */
/** A clip without its leading and trailing silence (a 40 ms margin kept). */
export function trim(pcm, rate) {
  const n = pcm.length / 2;
  const loud = (i) => Math.abs(pcm.readInt16LE(i * 2)) > 200;
  let first = 0;
  let last = n - 1;
  while (first < n && !loud(first)) first++;
  while (last > first && !loud(last)) last--;
  const margin = Math.round(0.04 * rate);
  return pcm.subarray(Math.max(0, first - margin) * 2, Math.min(n, last + 1 + margin) * 2);
}

/** The mono 16-bit PCM of an eSpeak NG WAV file, silence trimmed, and its rate. */
export function readWav(file) {
  const buf = readFileSync(file);
  let pos = 12;
  let rate = 0;
  while (pos < buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    if (id === 'fmt ') rate = buf.readUInt32LE(pos + 12);
    if (id === 'data')
      return { rate, pcm: trim(buf.subarray(pos + 8, pos + 8 + Math.min(size, buf.length - pos - 8)), rate) };
    pos += 8 + size + (size % 2);
  }
  throw new Error(`no data chunk in ${file}`);
}

/** A mono 16-bit PCM WAV file of `pcm`. */
export function wav(rate, pcm) {
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + pcm.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([head, pcm]);
}

/** Seconds as a WebVTT timestamp (hh:mm:ss.mmm). */
export const vttTime = (t) => {
  const ms = Math.round(t * 1000);
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

// ---- Rendering ----------------------------------------------------------------------------------

export function svgToPng(svg, png, work) {
  const src = `${png}.svg`;
  writeFileSync(src, svg);
  execFileSync('rsvg-convert', ['-w', '640', '-h', '360', '-o', png, src], { cwd: work });
}

/** Duration of a media file in seconds, as ffprobe reports it. */
export function probeDuration(file) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  return Number(String(out).trim());
}

export const DEFAULTS = {
  voice: 'en-gb',
  speed: 140, // words per minute (espeak-ng's default is 175)
  lead: 0.4, // seconds of silence before the first cue of a slide
  gap: 0.3, // between two cues of the same slide
  tail: 0.6, // after the last cue of a slide
  fade: 0.25, // fade from / to black at each slide change
  audioBitrate: '40k', // AAC mono: plenty for eSpeak's 22 kHz voice
};

/**
 * Builds `<name>.mp4`, `<name>.vtt` and `<name>.jpg` (the first slide) in `outDir`.
 * `segments`: [{ svg, cues: [string | { text, say }] }]: each cue is a caption, spoken as `say`
 * (default: the caption itself) in its own eSpeak clip, so its timing is exact.
 * `keepSlides`: a folder to copy the slide PNGs to (for looking at them), or undefined.
 * Returns { mp4, vtt, jpg, seconds, cues }.
 */
export function buildVideo({ name, title, segments, outDir, work, keepSlides, options = {} }) {
  const o = { ...DEFAULTS, ...options };
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
  segments.forEach((segment, s) => {
    const start = t;
    segment.cues.forEach((cue, c) => {
      const caption = typeof cue === 'string' ? cue : cue.text;
      const say = (typeof cue === 'string' ? cue : (cue.say ?? cue.text))
        .replace(/[‘’]/g, "'")
        .replace(/\u00a0/g, ' ');
      const file = join(work, `${name}-cue-${s}-${c}.wav`);
      execFileSync('espeak-ng', ['-v', o.voice, '-s', String(o.speed), '-w', file, say]);
      const clip = readWav(file);
      if (!rate) rate = clip.rate;
      if (clip.rate !== rate) throw new Error('espeak-ng changed its sample rate');
      silence(c === 0 ? o.lead : o.gap);
      const cueStart = t;
      chunks.push(clip.pcm);
      t += clip.pcm.length / 2 / rate;
      cues.push({ start: cueStart, end: t + 0.15, text: caption });
    });
    silence(o.tail);
    durations.push(t - start);
    svgToPng(segment.svg, join(work, `${name}-slide-${s}.png`), work);
    if (keepSlides) {
      mkdirSync(keepSlides, { recursive: true });
      copyFileSync(join(work, `${name}-slide-${s}.png`), join(keepSlides, `${name}-slide-${s}.png`));
    }
  });
  writeFileSync(join(work, `${name}-narration.wav`), wav(rate, Buffer.concat(chunks)));

  const args = ['-y', '-loglevel', 'error'];
  durations.forEach((d, s) =>
    args.push(
      '-loop',
      '1',
      '-framerate',
      '25',
      '-t',
      d.toFixed(3),
      '-i',
      join(work, `${name}-slide-${s}.png`),
    ),
  );
  args.push('-i', join(work, `${name}-narration.wav`));
  const filters = durations.map(
    (d, s) =>
      `[${s}:v]format=yuv420p,fade=t=in:st=0:d=${o.fade},fade=t=out:st=${(d - o.fade).toFixed(3)}:d=${o.fade}[v${s}]`,
  );
  filters.push(`${durations.map((_, s) => `[v${s}]`).join('')}concat=n=${durations.length}:v=1:a=0[v]`);
  mkdirSync(outDir, { recursive: true });
  const mp4 = join(outDir, `${name}.mp4`);
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
    o.audioBitrate,
    '-ar',
    '44100',
    '-ac',
    '1',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-metadata',
    `title=${title}`,
    '-metadata',
    'language=eng',
    '-shortest',
    mp4,
  );
  execFileSync('ffmpeg', args);

  const vtt = join(outDir, `${name}.vtt`);
  writeFileSync(
    vtt,
    [
      'WEBVTT',
      '',
      ...cues.flatMap((c, i) => [String(i + 1), `${vttTime(c.start)} --> ${vttTime(c.end)}`, c.text, '']),
    ].join('\n'),
  );

  // The thumbnail: the title slide, JPEG at about quality 80 (ffmpeg's -q:v 4).
  const jpg = join(outDir, `${name}.jpg`);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    join(work, `${name}-slide-0.png`),
    '-q:v',
    '4',
    jpg,
  ]);

  return { mp4, vtt, jpg, seconds: t, cues };
}

// ---- A4 pages → PDF -----------------------------------------------------------------------------

export const A4 = { w: 595.28, h: 841.89 };

/** An A4 page (units: PostScript points) for rsvg-convert -f pdf. */
export const a4Page = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 ${A4.w} ${A4.h}">` +
  `<rect width="${A4.w}" height="${A4.h}" fill="#ffffff"/>${body}</svg>`;

/** Renders A4 SVG pages into one PDF (fonts embedded as subsets, text selectable). */
export function pagesToPdf(pages, pdf, work, stem) {
  const files = pages.map((svg, i) => {
    const f = join(work, `${stem}-page-${i + 1}.svg`);
    writeFileSync(f, svg);
    return f;
  });
  execFileSync('rsvg-convert', ['-f', 'pdf', '-o', pdf, ...files]);
  return statSync(pdf).size;
}
