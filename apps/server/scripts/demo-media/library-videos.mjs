#!/usr/bin/env node
/**
 * Writes the demo content of the video library page (/videos) into apps/server/src/demo/videos/:
 *   <slug>.mp4  640×360, H.264 (Main) 25 fps + AAC mono, faststart; 30–60 s each
 *   <slug>.vtt  English WebVTT captions: the narration, one cue per spoken clip
 *   <slug>.jpg  thumbnail: the title slide, 640×360
 *   <slug>.pdf  vocabulary handout (A4) for two of the videos
 *   videos.json the list, in display order, with the durations measured by ffprobe
 * Same technique as hand-hygiene-video.mjs: SVG slides drawn here → rsvg-convert → PNG; eSpeak NG
 * (British English voice, slowed down), one clip per caption cue, so the cue timings are exact;
 * ffmpeg joins the slides (short fades) and the narration. The handouts are A4 SVG pages turned
 * into PDF by rsvg-convert (embedded DejaVu Sans subsets, selectable text).
 * Scripts, slides, handouts and narration were written for MedEnglish.
 *
 * Needs: node, espeak-ng, rsvg-convert, ffmpeg/ffprobe (libx264) and the DejaVu fonts. On Debian:
 *   apt-get install -y espeak-ng librsvg2-bin ffmpeg fonts-dejavu-core
 * Run from anywhere: node apps/server/scripts/demo-media/library-videos.mjs [--slides /tmp/slides]
 * (--slides also copies every slide PNG to that folder, to look at them.)
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  A4,
  C,
  a4Page,
  bubble,
  buildVideo,
  dots,
  frame,
  header,
  letters,
  measure,
  pagesToPdf,
  probeDuration,
  text,
  wrap,
} from './lib/slides-video.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../src/demo/videos');
const CREDITS = 'MedEnglish — written and narrated (synthetic voice) for the demo';
const slidesArg = process.argv.indexOf('--slides');
/** `~` marks a no-break space in slide and handout text (“Ward~9” never splits). */
const nb = (str) => str.replace(/~/g, '\u00a0');
const KEEP_SLIDES = slidesArg > 0 ? process.argv[slidesArg + 1] : undefined;

// ---- Icons (centred on 0,0, about 180 px across) --------------------------------------------------

const SBAR_COLOURS = { S: '#0f766e', B: '#4338ca', A: '#be123c', R: '#b45309' };

const ICONS = {
  // an identity badge on a lanyard, with a "Hello" speech bubble
  badge: `<path d="M-34-112L-10-58M34-112L10-58" stroke="${C.mint}" stroke-width="8" stroke-linecap="round"/>
<rect x="-62" y="-58" width="124" height="152" rx="14" fill="${C.amber}"/>
<rect x="-18" y="-66" width="36" height="18" rx="5" fill="${C.aqua}"/>
<circle cx="0" cy="-8" r="22" fill="${C.tealDark}"/>
<path d="M-36 46c0-26 16-38 36-38s36 12 36 38z" fill="${C.tealDark}"/>
<rect x="-40" y="60" width="80" height="10" rx="5" fill="#ffffff"/>
<rect x="-28" y="78" width="56" height="8" rx="4" fill="#fef3c7"/>
<rect x="-150" y="-112" width="84" height="40" rx="12" fill="#ffffff"/><path d="M-86-74l16 14-2-16z" fill="#ffffff"/>
${text(-108, -85, 'Hello', { size: 19, bold: true, fill: C.teal, anchor: 'middle' })}`,

  // a 0–10 pain gauge, needle on 7
  gauge: (() => {
    const r = 78;
    const cy = 30;
    const p = (deg) => {
      const a = (deg * Math.PI) / 180;
      return `${(r * Math.cos(a)).toFixed(1)} ${(cy - r * Math.sin(a)).toFixed(1)}`;
    };
    const seg = ['#22c55e', '#facc15', '#f97316', '#dc2626']
      .map(
        (colour, i) =>
          `<path d="M${p(180 - 45 * i - 1)}A${r} ${r} 0 0 1 ${p(180 - 45 * (i + 1) + 1)}" fill="none" stroke="${colour}" stroke-width="28"/>`,
      )
      .join('');
    const needle = 180 - 0.7 * 180;
    return `${seg}<g transform="translate(0 ${cy}) rotate(${-needle})"><path d="M0-7L66 0 0 7z" fill="#ffffff"/></g>
<circle cx="0" cy="${cy}" r="13" fill="#ffffff"/><circle cx="0" cy="${cy}" r="5" fill="${C.tealDark}"/>
${text(-r, cy + 42, '0', { size: 20, bold: true, fill: '#ffffff', anchor: 'middle' })}
${text(r, cy + 42, '10', { size: 20, bold: true, fill: '#ffffff', anchor: 'middle' })}`;
  })(),

  // a clipboard with the four SBAR rows
  clipboard: `<rect x="-64" y="-84" width="128" height="170" rx="12" fill="${C.amber}"/>
<rect x="-52" y="-66" width="104" height="140" rx="4" fill="#ffffff"/>
<rect x="-24" y="-94" width="48" height="22" rx="6" fill="${C.aqua}"/>
${Object.entries(SBAR_COLOURS)
  .map(
    ([l, colour], i) =>
      `<rect x="-42" y="${-56 + i * 32}" width="24" height="24" rx="5" fill="${colour}"/>` +
      text(-30, -38 + i * 32, l, { size: 16, bold: true, fill: '#ffffff', anchor: 'middle' }) +
      `<rect x="-10" y="${-48 + i * 32}" width="${i % 2 ? 40 : 50}" height="8" rx="4" fill="#cbd5e1"/>`,
  )
  .join('')}`,

  // a medicine bottle with its label, and a capsule
  capsule: `<rect x="-86" y="-34" width="76" height="22" rx="5" fill="#ffffff"/>
<rect x="-94" y="-14" width="92" height="112" rx="14" fill="${C.amberDark}"/>
<rect x="-84" y="16" width="72" height="50" rx="6" fill="#ffffff"/>
<rect x="-74" y="28" width="52" height="8" rx="4" fill="${C.teal}"/><rect x="-74" y="46" width="36" height="8" rx="4" fill="${C.aqua}"/>
<g transform="translate(44 -34) rotate(-40)">
<path d="M0-22H-44a22 22 0 0 0 0 44H0z" fill="${C.amber}"/><path d="M0-22H44a22 22 0 0 1 0 44H0z" fill="#ffffff"/>
<path d="M-52-8a10 8 0 0 1 14-5" stroke="#fef3c7" stroke-width="5" fill="none" stroke-linecap="round"/></g>`,
};

// ---- Slide templates --------------------------------------------------------------------------------

/** Title slide: teal, the video's icon on the right, chips of key words along the bottom. */
function titleSlide({ title, subtitle, icon, chips, chipSize = 16 }) {
  let x = 40;
  const chipSvg = chips
    .map((chip) => {
      const w = Math.ceil(measure(chip, chipSize, true)) + 24;
      const svg =
        `<rect x="${x}" y="262" width="${w}" height="32" rx="16" fill="#ffffff"/>` +
        text(x + 12, 278 + chipSize * 0.37, chip, { size: chipSize, bold: true, fill: C.teal });
      x += w + 10;
      return svg;
    })
    .join('');
  if (x - 10 > 600) throw new Error(`title chips too wide: ${chips.join(', ')}`);
  return frame(
    C.teal,
    `<circle cx="540" cy="120" r="150" fill="${C.tealDark}"/>
<circle cx="612" cy="300" r="7" fill="${C.mint}"/><circle cx="372" cy="226" r="6" fill="${C.mint}"/><circle cx="560" cy="330" r="5" fill="${C.mint}"/>
<g transform="translate(530 136)">${ICONS[icon]}</g>
${text(40, 58, 'MedEnglish · video library', { size: 16, fill: C.mint, max: 330 })}
${title.map((l, i) => text(40, 112 + i * 46, l, { size: 40, bold: true, fill: '#ffffff', max: 400 })).join('')}
${subtitle.map((l, i) => text(40, 112 + title.length * 46 + i * 32, l, { size: 24, fill: C.mintLight, max: 400 })).join('')}
${chipSvg}`,
  );
}

/**
 * A step: a big badge (number or letter) on the left, a heading, an optional line under it, what to
 * say in a speech bubble, an optional note along the bottom.
 */
function stepSlide({ label, progress, mark, markFill = C.teal, heading, sub, quote, note }) {
  const top = sub ? 156 : 134;
  const b = bubble(196, top, 420, quote, { size: 20 });
  if (top + b.height > (note ? 312 : 344)) throw new Error(`bubble too tall on “${heading}”`);
  return frame(
    C.paper,
    `${header(label, progress)}
<circle cx="92" cy="156" r="58" fill="${markFill}"/>
${text(92, 178, mark, { size: 60, bold: true, fill: '#ffffff', anchor: 'middle', max: 100 })}
${text(180, 108, heading, { size: 28, bold: true, max: 440 })}
${sub ? text(180, 138, sub, { size: 18, fill: C.grey, max: 440 }) : ''}
${b.svg}
${note ? `<circle cx="36" cy="331" r="11" fill="${C.teal}"/>${text(36, 337, 'i', { size: 16, bold: true, fill: '#ffffff', anchor: 'middle' })}${text(56, 337, note, { size: 16, fill: C.grey, max: 564 })}` : ''}`,
  );
}

/** Rows of a mnemonic: letter badge, keyword, the question to ask. */
function mnemonicRows({ label, progress, rows }) {
  const h = Math.min(76, 280 / rows.length);
  const y0 = 64 + (284 - h * rows.length) / 2;
  return frame(
    C.paper,
    `${header(label, progress)}
${rows
  .map((row, i) => {
    const cy = Math.round(y0 + h * i + h / 2);
    return (
      `<rect x="20" y="${cy - h / 2 + 4}" width="600" height="${h - 8}" rx="12" fill="#ffffff"/>` +
      `<circle cx="58" cy="${cy}" r="24" fill="${C.teal}"/>` +
      text(58, cy + 9, row.letter, { size: 26, bold: true, fill: '#ffffff', anchor: 'middle' }) +
      text(96, cy - 6, row.title, { size: 21, bold: true, max: 510 }) +
      text(96, cy + 21, row.question, { size: 18, fill: C.grey, max: 510 })
    );
  })
  .join('\n')}`,
  );
}

/** A round badge with a letter, for slides whose layout is their own. */
const miniBadge = (cx, cy, letter, fill) =>
  `<circle cx="${cx}" cy="${cy}" r="26" fill="${fill}"/>` +
  text(cx, cy + 10, letter, { size: 28, bold: true, fill: '#ffffff', anchor: 'middle' });

// ---- (a) Introducing yourself and gaining consent -------------------------------------------------

const INTRO_LABEL = 'Introductions and consent';
const intro = {
  key: 'introducing-yourself-and-consent',
  title: 'Introducing yourself and gaining consent',
  tags: ['communication', 'consent', 'patient identification'],
  segments: [
    {
      svg: titleSlide({
        title: ['Introducing', 'yourself'],
        subtitle: ['and gaining consent'],
        icon: 'badge',
        chips: ['Name', 'Role', 'Identity', 'Explain', 'Consent'],
      }),
      cues: ['Introducing yourself and gaining consent.'],
    },
    {
      svg: stepSlide({
        label: INTRO_LABEL,
        progress: dots(1, 4),
        mark: '1',
        heading: 'Say who you are',
        sub: 'Your name and your role',
        quote: ['Hello, my name is Léa.', nb('I’m a medical student with Dr~Shah’s team.')],
        note: 'Every time you meet a patient, even if you met yesterday.',
      }),
      cues: ['First, say who you are.', 'Hello, my name is Léa. I’m a medical student with Dr Shah’s team.'],
    },
    {
      svg: stepSlide({
        label: INTRO_LABEL,
        progress: dots(2, 4),
        mark: '2',
        heading: 'Check who your patient is',
        sub: 'Let the patient say it',
        quote: ['Could you tell me your full name and your date of birth, please?'],
        note: 'Check against the wristband. Don’t ask “Are you Mr Smith?”',
      }),
      cues: [
        'Next, check who your patient is.',
        'Could you tell me your full name and your date of birth, please?',
      ],
    },
    {
      svg: stepSlide({
        label: INTRO_LABEL,
        progress: dots(3, 4),
        mark: '3',
        heading: 'Explain what you will do',
        sub: 'What, why and how long, in plain English',
        quote: ['I’d like to examine your tummy.', 'It should take about five minutes.'],
        note: 'Plain words: “tummy” rather than “abdomen”.',
      }),
      cues: [
        'Then explain what you would like to do, in plain English.',
        'I’d like to examine your tummy. It should take about five minutes.',
      ],
    },
    {
      svg: stepSlide({
        label: INTRO_LABEL,
        progress: dots(4, 4),
        mark: '4',
        heading: 'Ask for consent',
        sub: 'The patient can say no, or ask you to stop',
        quote: ['Is that all right with you?', 'Do you have any questions?'],
        note: 'Consent: voluntary, informed, and it can be withdrawn at any time.',
      }),
      cues: [
        'Finally, ask for consent. The patient can say no at any time.',
        'Is that all right with you? Do you have any questions?',
      ],
    },
  ],
};

// ---- (b) Taking a pain history: SOCRATES ----------------------------------------------------------

const SOCRATES_LABEL = 'Pain history';
const severitySlide = (() => {
  const b = bubble(
    176,
    76,
    440,
    ['On a scale of 0 to 10, where 10 is the worst pain you can imagine, how bad is it now?'],
    { size: 20 },
  );
  const scale = Array.from({ length: 11 }, (_, i) => {
    const hue = Math.round(130 - i * 13); // green → red
    const x = 40 + i * 52;
    return (
      `<rect x="${x}" y="236" width="48" height="48" rx="8" fill="hsl(${hue}, 70%, ${i > 7 ? 42 : 38}%)"/>` +
      text(x + 24, 268, String(i), { size: 22, bold: true, fill: '#ffffff', anchor: 'middle' })
    );
  }).join('');
  return frame(
    C.paper,
    `${header(SOCRATES_LABEL, letters('SOCRATES', [7]))}
${miniBadge(58, 104, 'S', C.teal)}
${text(58, 158, 'Severity', { size: 18, bold: true, anchor: 'middle', max: 110 })}
${b.svg}
${scale}
${text(40, 308, '0 = no pain', { size: 17, fill: C.grey })}
${text(600, 308, '10 = worst pain imaginable', { size: 17, fill: C.grey, anchor: 'end' })}
${text(320, 340, 'Score it again after pain relief.', { size: 17, bold: true, fill: C.teal, anchor: 'middle', max: 600 })}`,
  );
})();

const socrates = {
  key: 'pain-history-socrates',
  title: 'Taking a pain history: SOCRATES',
  tags: ['history taking', 'pain', 'SOCRATES'],
  segments: [
    {
      svg: titleSlide({
        title: ['Taking a', 'pain history'],
        subtitle: ['with SOCRATES'],
        icon: 'gauge',
        chips: [...'SOCRATES'],
      }),
      cues: [
        'Taking a pain history with SOCRATES.',
        'Start with an open question, then use each letter to fill the gaps.',
      ],
    },
    {
      svg: mnemonicRows({
        label: SOCRATES_LABEL,
        progress: letters('SOCRATES', [0, 1, 2, 3]),
        rows: [
          { letter: 'S', title: 'Site', question: '“Where exactly is the pain? Can you point to it?”' },
          { letter: 'O', title: 'Onset', question: '“When did it start? Suddenly or gradually?”' },
          { letter: 'C', title: 'Character', question: '“What is it like? Sharp, dull, burning, tight?”' },
          { letter: 'R', title: 'Radiation', question: '“Does it spread anywhere else?”' },
        ],
      }),
      cues: [
        'Site: where exactly is the pain?',
        'Onset: when did it start? Did it come on suddenly or gradually?',
        'Character: what is the pain like? Sharp, dull, burning or tight?',
        'Radiation: does it spread anywhere else?',
      ],
    },
    {
      svg: mnemonicRows({
        label: SOCRATES_LABEL,
        progress: letters('SOCRATES', [4, 5, 6]),
        rows: [
          {
            letter: 'A',
            title: 'Associated symptoms',
            question: '“Have you noticed anything else, such as nausea?”',
          },
          {
            letter: 'T',
            title: 'Time course',
            question: '“Is it there all the time, or does it come and go?”',
          },
          {
            letter: 'E',
            title: 'Exacerbating and relieving factors',
            question: '“Does anything make it better or worse?”',
          },
        ],
      }),
      cues: [
        'Associated symptoms: have you noticed anything else, such as nausea or sweating?',
        'Time course: is it there all the time, or does it come and go?',
        'Exacerbating and relieving factors: does anything make it better or worse?',
      ],
    },
    {
      svg: severitySlide,
      cues: [
        {
          text: 'Severity: on a scale of 0 to 10, where 10 is the worst pain you can imagine,',
          say: 'Severity: on a scale of zero to ten, where ten is the worst pain you can imagine,',
        },
        'how bad is it now?',
        'Score it again after pain relief, to see whether it has worked.',
      ],
    },
  ],
};

// ---- (c) Handing over with SBAR -------------------------------------------------------------------

const SBAR_LABEL = 'SBAR handover';
const sbarStep = (i, heading, sub, quote, note) =>
  stepSlide({
    label: SBAR_LABEL,
    progress: letters('SBAR', [i]),
    mark: 'SBAR'[i],
    markFill: Object.values(SBAR_COLOURS)[i],
    heading,
    sub,
    quote,
    note,
  });

const assessmentSlide = (() => {
  const obs = [
    ['Resp. rate', '26 /min'],
    ['SpO₂', '91% on air'],
    ['Heart rate', '118 /min'],
    ['BP', '124/78 mmHg'],
    ['Temperature', '37.1 °C'],
    ['Consciousness', 'alert'],
  ];
  const b = bubble(
    292,
    148,
    324,
    ['Her NEWS2 score is 8.', 'I’m worried she may have a pulmonary embolism.'],
    {
      size: 20,
      stroke: '#fda4af',
    },
  );
  if (148 + b.height > 344) throw new Error('assessment bubble too tall');
  return frame(
    C.paper,
    `${header(SBAR_LABEL, letters('SBAR', [2]))}
<rect x="20" y="72" width="248" height="272" rx="14" fill="#ffffff" stroke="${C.mint}" stroke-width="3"/>
${text(36, 100, 'Observations', { size: 18, bold: true, fill: C.teal, max: 216 })}
${obs
  .map(
    ([k, v], i) =>
      text(36, 132 + i * 30, k, { size: 16, fill: C.grey, max: 150 }) +
      text(252, 132 + i * 30, v, { size: 16, bold: true, anchor: 'end', max: 206 - measure(k, 16) }),
  )
  .join('')}
<rect x="36" y="300" width="216" height="32" rx="16" fill="#be123c"/>
${text(144, 322, 'NEWS2 score 8', { size: 18, bold: true, fill: '#ffffff', anchor: 'middle', max: 200 })}
${miniBadge(310, 92, 'A', SBAR_COLOURS.A)}
${text(348, 102, 'Assessment', { size: 28, bold: true, max: 268 })}
${text(292, 134, 'What you found, what you think', { size: 17, fill: C.grey, max: 324 })}
${b.svg}`,
  );
})();

const sbar = {
  key: 'sbar-handover',
  title: 'Handing over a patient with SBAR',
  tags: ['handover', 'SBAR', 'patient safety'],
  segments: [
    {
      svg: titleSlide({
        title: ['Handing over', 'with SBAR'],
        subtitle: ['a patient on the ward'],
        icon: 'clipboard',
        chips: ['Situation', 'Background', 'Assessment', 'Recommendation'],
        chipSize: 14,
      }),
      cues: ['Handing over a patient with SBAR.', 'Situation, background, assessment, recommendation.'],
    },
    {
      svg: sbarStep(0, 'Situation', 'Who you are, who the patient is, the problem', [
        nb('This is Tom, the foundation doctor on Ward~9.'),
        nb('I’m calling about Mrs~Jones in bed~12, who has become breathless in the last hour.'),
      ]),
      cues: [
        'Situation: this is Tom, the foundation doctor on Ward 9.',
        'I’m calling about Mrs Jones in bed 12, who has become breathless in the last hour.',
      ],
    },
    {
      svg: sbarStep(
        1,
        'Background',
        'What the listener needs to know',
        ['She is 72, and had a right hip replacement two days ago.'],
        'Add her relevant history, medicines and allergies.',
      ),
      cues: ['Background: she is 72, and had a right hip replacement two days ago.'],
    },
    {
      svg: assessmentSlide,
      cues: [
        'Assessment: her respiratory rate is 26, and her oxygen saturation is 91% on air.',
        'Her heart rate is 118, and her NEWS2 score is 8.',
        'I’m worried she may have a pulmonary embolism.',
      ],
    },
    {
      svg: sbarStep(
        3,
        'Recommendation',
        'What you need, and by when',
        [
          'Could you come and review her now, please?',
          'I’ve started oxygen, and I’ll repeat her observations.',
        ],
        'Target saturations 94–98%. Read the plan back before you hang up.',
      ),
      cues: [
        'Recommendation: could you come and review her now, please?',
        'In the meantime, I’ve started oxygen, and I’ll repeat her observations.',
      ],
    },
  ],
};

// ---- (d) Explaining a prescription safely -------------------------------------------------------

const RX_LABEL = 'Explaining a prescription';
const essentialsSlide = (() => {
  const boxes = [
    ['DOSE', '500 mg', 'one capsule each time'],
    ['ROUTE', 'by mouth', 'swallowed (oral)'],
    ['FREQUENCY', '3 times a day', 'evenly spaced: 8am, 2pm, 8pm'],
    ['DURATION', '5 days', '15 capsules in all'],
  ];
  return frame(
    C.paper,
    `${header(RX_LABEL, dots(2, 4))}
${text(320, 88, 'Amoxicillin 500 mg capsules', { size: 21, bold: true, fill: C.teal, anchor: 'middle', max: 600 })}
${boxes
  .map(([k, v, note], i) => {
    const x = 20 + (i % 2) * 304;
    const y = 104 + Math.floor(i / 2) * 122;
    return (
      `<rect x="${x}" y="${y}" width="296" height="112" rx="14" fill="#ffffff" stroke="${C.mint}" stroke-width="3"/>` +
      `<rect x="${x}" y="${y}" width="10" height="112" rx="5" fill="${C.amberDark}"/>` +
      text(x + 26, y + 30, k, { size: 15, bold: true, fill: C.teal, max: 260 }) +
      text(x + 26, y + 68, v, { size: 30, bold: true, max: 260 }) +
      text(x + 26, y + 96, note, { size: 16, fill: C.grey, max: 260 })
    );
  })
  .join('\n')}`,
  );
})();

const adviceSlide = (() => {
  const rowIcons = [
    // a glass of water
    `<path d="M-14-18h28l-4 36h-20z" fill="#e0f2fe" stroke="#0369a1" stroke-width="3" stroke-linejoin="round"/><path d="M-11-4h22l-2 20h-18z" fill="#7dd3fc"/>`,
    // a tick
    `<circle r="18" fill="#15803d"/><path d="M-8 0l6 6 10-12" stroke="#ffffff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    // a warning triangle
    `<path d="M0-18L19 16H-19z" fill="${C.amberDark}" stroke="${C.amberDark}" stroke-width="4" stroke-linejoin="round"/>${text(0, 12, '!', { size: 20, bold: true, fill: '#ffffff', anchor: 'middle' })}`,
    // an emergency call
    `<circle r="18" fill="#b91c1c"/>${text(0, 5, '999', { size: 13, bold: true, fill: '#ffffff', anchor: 'middle' })}`,
  ];
  const rows = [
    'Swallow each capsule with a glass of water.',
    'Finish the course, even if you feel better.',
    'Rash? Stop taking it and speak to a doctor or pharmacist.',
    nb('Swollen lips or face, or struggling to breathe? Call~999.'),
  ];
  return frame(
    C.paper,
    `${header(RX_LABEL, dots(3, 4))}
${rows
  .map((row, i) => {
    const y = 70 + i * 70;
    const lines = wrap(row, 19, 520);
    if (lines.length > 2) throw new Error(`advice row too long: ${row}`);
    return (
      `<rect x="20" y="${y}" width="600" height="62" rx="12" fill="#ffffff"/>` +
      `<g transform="translate(56 ${y + 31})">${rowIcons[i]}</g>` +
      lines
        .map((l, j) => text(92, y + (lines.length === 1 ? 38 : 27 + j * 23), l, { size: 19, fill: C.ink }))
        .join('')
    );
  })
  .join('\n')}`,
  );
})();

const prescription = {
  key: 'explaining-a-prescription',
  title: 'Explaining a prescription safely',
  tags: ['prescribing', 'medication safety', 'teach-back'],
  segments: [
    {
      svg: titleSlide({
        title: ['Explaining a', 'prescription'],
        subtitle: ['safely, in plain English'],
        icon: 'capsule',
        chips: ['Allergies', 'Dose', 'Route', 'Frequency', 'Duration'],
      }),
      cues: ['Explaining a prescription safely.'],
    },
    {
      svg: stepSlide({
        label: RX_LABEL,
        progress: dots(1, 4),
        mark: '!',
        markFill: '#b91c1c',
        heading: 'First, ask about allergies',
        sub: 'Amoxicillin is a penicillin',
        quote: ['Are you allergic to any medicines, such as penicillin?', 'What happened when you took it?'],
        note: 'A rash or swelling suggests allergy; nausea is usually a side effect.',
      }),
      cues: [
        'First, ask about allergies: amoxicillin is a penicillin.',
        'Are you allergic to any medicines, such as penicillin? What happened when you took it?',
      ],
    },
    {
      svg: essentialsSlide,
      cues: [
        'Then give the dose, the route, the frequency and the duration.',
        {
          text: 'Take one 500 mg capsule by mouth, three times a day, for five days.',
          say: 'Take one five hundred milligram capsule by mouth, three times a day, for five days.',
        },
      ],
    },
    {
      svg: adviceSlide,
      cues: [
        'Swallow each capsule with a glass of water, and finish the course.',
        'If you get a rash, stop taking it and speak to a doctor or pharmacist.',
        {
          text: 'If your lips or face swell, or you struggle to breathe, call 999.',
          say: 'If your lips or face swell, or you struggle to breathe, call nine nine nine.',
        },
      ],
    },
    {
      svg: stepSlide({
        label: RX_LABEL,
        progress: dots(4, 4),
        mark: '?',
        heading: 'Check understanding',
        sub: 'Teach-back: the patient explains it to you',
        quote: ['Just to make sure I’ve explained it clearly, could you tell me how you’ll take it?'],
        note: 'Not “Do you understand?”: most people simply say yes.',
      }),
      cues: [
        'Finally, check understanding with teach-back.',
        'Just to make sure I’ve explained it clearly, could you tell me how you’ll take it?',
      ],
    },
  ],
};

// ---- Handouts (A4 PDF) -----------------------------------------------------------------------------

const M = 48; // page margin, pt
const TW = A4.w - 2 * M;
const BODY = 10.5;
const LEAD = 14; // line height of body text

/** A number stays on the line of its unit (“100 micrograms”, “5 mL”, “8 out of 10”). */
const keepUnits = (str) =>
  nb(str).replace(
    /(\d) (?=mg\b|g\b|mL\b|micrograms|nanograms|units|days|weeks|hours|out of|o’clock)/g,
    '$1\u00a0',
  );

/** Lines of wrapped text at (x, y) as SVG; returns { svg, height }. */
function para(x, y, str, { size = BODY, bold = false, fill = '#1f2937', width = TW, lead = LEAD } = {}) {
  const lines = wrap(keepUnits(str), size, width, bold);
  return {
    svg: lines.map((l, i) => text(x, y + size + i * lead, l, { size, bold, fill })).join(''),
    height: lines.length * lead,
  };
}

/**
 * Blocks: each is { height, draw(y) → svg }. Pages get the handout's header band on page 1, a
 * footer on every page, and blocks flow down, starting a new page when one does not fit.
 */
function handout({ title, subtitle, footer, blocks }) {
  const pages = [];
  let body = [];
  let y = 0;
  const top = 112;
  const bottom = A4.h - 56;
  const newPage = () => {
    if (body.length) pages.push(body);
    body = [];
    y = pages.length === 0 ? top : 56;
  };
  newPage();
  blocks.forEach((block, i) => {
    const next = block.keepWithNext ? (blocks[i + 1]?.height ?? 0) : 0;
    if (y + block.height + next > bottom && y > 60) {
      pages.push(body);
      body = [];
      y = 56;
    }
    body.push(block.draw(y));
    y += block.height;
  });
  pages.push(body);
  return pages.map((content, i) =>
    a4Page(
      (i === 0
        ? `<rect width="${A4.w}" height="88" fill="${C.teal}"/>` +
          text(M, 44, title, { size: 22, bold: true, fill: '#ffffff', max: TW }) +
          text(M, 68, subtitle, { size: 11, fill: C.mint, max: TW })
        : '') +
        content.join('') +
        `<line x1="${M}" y1="${A4.h - 40}" x2="${A4.w - M}" y2="${A4.h - 40}" stroke="${C.mint}" stroke-width="1"/>` +
        text(M, A4.h - 26, footer, { size: 8.5, fill: C.grey, max: TW - 60 }) +
        text(A4.w - M, A4.h - 26, `${i + 1} / ${pages.length}`, { size: 8.5, fill: C.grey, anchor: 'end' }),
    ),
  );
}

const H2 = (str) => ({
  height: 34,
  keepWithNext: true,
  draw: (y) =>
    text(M, y + 24, str, { size: 13, bold: true, fill: C.teal, max: TW }) +
    `<line x1="${M}" y1="${y + 30}" x2="${A4.w - M}" y2="${y + 30}" stroke="${C.mint}" stroke-width="1.2"/>`,
});

const P = (str, opts = {}) => {
  const probe = para(0, 0, str, opts);
  return { height: probe.height + 6, draw: (y) => para(M, y + 4, str, opts).svg };
};

const BULLETS = (items) =>
  items.map((item) => {
    const probe = para(0, 0, item, { width: TW - 16 });
    return {
      height: probe.height + 4,
      draw: (y) =>
        `<circle cx="${M + 4}" cy="${y + 9}" r="2.4" fill="${C.teal}"/>` +
        para(M + 16, y + 2, item, { width: TW - 16 }).svg,
    };
  });

/** A row with a round badge, a bold title, then labelled lines (label in bold teal). */
const BADGE_ROW = ({ badge, fill = C.teal, title: t, lines }) => {
  const x = M + 40;
  const w = TW - 40;
  const parts = lines.map(([label, str]) => {
    const lw = measure(`${label} `, BODY, true);
    return { label, str, lw, p: para(0, 0, str, { width: w - lw }) };
  });
  const height = 20 + parts.reduce((s, p) => s + p.p.height, 0) + 8;
  return {
    height,
    draw: (y) => {
      let cy = y + 21;
      let svg =
        `<rect x="${M}" y="${y + 2}" width="${TW}" height="${height - 5}" rx="8" fill="${C.paper}"/>` +
        `<circle cx="${M + 20}" cy="${y + 21}" r="13" fill="${fill}"/>` +
        text(M + 20, y + 26, badge, { size: 14, bold: true, fill: '#ffffff', anchor: 'middle' }) +
        text(x, y + 17, t, { size: 12, bold: true, fill: C.ink, max: w });
      for (const { label, str, lw, p } of parts) {
        svg += text(x, cy + BODY - 0.5, label, { size: BODY, bold: true, fill: C.teal });
        svg += para(x + lw, cy - 0.5, str, { width: w - lw }).svg;
        cy += p.height;
      }
      return svg;
    },
  };
};

/** Two columns: French on the left (bold), English on the right. */
const PAIRS = (pairs, leftWidth = 190) =>
  pairs.map(([fr, en]) => {
    const l = para(0, 0, fr, { bold: true, width: leftWidth - 12 });
    const r = para(0, 0, en, { width: TW - leftWidth - 20 });
    const height = Math.max(l.height, r.height) + 4;
    return {
      height,
      draw: (y) =>
        para(M, y + 2, fr, { bold: true, width: leftWidth - 12, fill: C.ink }).svg +
        text(M + leftWidth - 4, y + 2 + BODY, '→', { size: BODY, fill: C.teal }) +
        para(M + leftWidth + 14, y + 2, en, { width: TW - leftWidth - 20 }).svg,
    };
  });

const SPACE = (h) => ({ height: h, draw: () => '' });

const socratesHandout = handout({
  title: 'Taking a pain history: SOCRATES',
  subtitle: 'Vocabulary handout · MedEnglish video library',
  footer: 'MedEnglish · written for the demo video “Taking a pain history: SOCRATES”',
  blocks: [
    P(
      'Start with an open question (“Can you tell me about the pain?”) and let the patient talk. Then use ' +
        'SOCRATES to fill the gaps. The questions are ready to use; the useful words help you understand ' +
        'the answers and write them up. Words in [brackets] are the parts you change.',
    ),
    SPACE(6),
    ...[
      [
        'S',
        'Site',
        'Where exactly is the pain? Can you point to where it hurts most?',
        'central, left-sided, upper / lower, behind the breastbone, in the pit of the stomach, in the small of the back',
      ],
      [
        'O',
        'Onset',
        'When did it start? What were you doing at the time? Did it come on suddenly or gradually?',
        'sudden, gradual, out of the blue, on exertion, after a meal, it woke me up',
      ],
      [
        'C',
        'Character',
        'How would you describe the pain? What does it feel like?',
        'sharp, stabbing, dull, aching, burning, crushing, tight, throbbing, cramping, colicky (comes in waves)',
      ],
      [
        'R',
        'Radiation',
        'Does the pain spread anywhere else?',
        'it goes down my [left arm], it goes through to my back, it spreads to my jaw',
      ],
      [
        'A',
        'Associated symptoms',
        'Have you noticed anything else since the pain started?',
        'nausea, vomiting, sweating, breathlessness, fever, dizziness, palpitations',
      ],
      [
        'T',
        'Time course',
        'Is it there all the time, or does it come and go? Is it getting better or worse? Have you had it before?',
        'constant, intermittent, episodes lasting [minutes / hours], worse at night, worse in the morning',
      ],
      [
        'E',
        'Exacerbating and relieving factors',
        'Does anything make it worse? Does anything make it better? Have you taken anything for it?',
        'moving, coughing, breathing in, eating, lying flat; resting, sitting forward, heat, painkillers',
      ],
      [
        'S',
        'Severity',
        'On a scale of 0 to 10, where 0 is no pain and 10 is the worst pain you can imagine, what score would you give it?',
        'mild, moderate, severe, unbearable; it keeps me awake; I can’t get comfortable',
      ],
    ].map(([badge, t, q, words]) =>
      BADGE_ROW({
        badge,
        title: t,
        lines: [
          ['Ask:', `“${q}”`],
          ['Useful words:', words],
        ],
      }),
    ),
    H2('Summarise and check'),
    P(
      '“So, you’ve had a crushing pain in the centre of your chest since 7 o’clock this morning. It goes down ' +
        'your left arm, you feel sick and sweaty, and you’d score it 8 out of 10. Have I got that right?”',
    ),
    H2('French speakers: watch out'),
    ...PAIRS([
      ['La douleur a commencé brutalement', 'The pain came on suddenly (not “brutally”)'],
      ['J’ai mal au ventre', 'I’ve got tummy ache / abdominal pain'],
      ['Une douleur en coup de poignard', 'A stabbing pain'],
      ['Une douleur qui serre, oppressante', 'A tight, crushing pain'],
      ['Ça irradie dans le bras', 'It goes down / spreads to my arm'],
      ['Des brûlures d’estomac', 'Heartburn'],
      ['Un antalgique', 'A painkiller (an analgesic)'],
      ['Soulager la douleur', 'To relieve / ease the pain'],
    ]),
  ],
});

const prescriptionHandout = handout({
  title: 'Explaining a prescription safely',
  subtitle: 'Vocabulary handout · MedEnglish video library',
  footer: 'MedEnglish · written for the demo video “Explaining a prescription safely”',
  blocks: [
    P(
      'Before you explain a new medicine, check the patient’s identity and ask about allergies. Then give ' +
        'the four essentials in plain English, add safety-netting advice, and finish with teach-back.',
    ),
    H2('1. Allergies first'),
    ...BULLETS([
      '“Do you have any allergies to medicines, such as penicillin?” – “What happened when you took it?”',
      'Allergy: a rash, hives, swelling of the lips or face, wheeze, anaphylaxis. Side effect (intolerance): ' +
        'nausea, diarrhoea, headache. Record which it was, and the reaction.',
      'Amoxicillin is a penicillin: it must not be given to a patient with a penicillin allergy.',
      'Ask what else they take: prescribed, over-the-counter and herbal medicines.',
    ]),
    H2('2. The four essentials'),
    ...[
      [
        '1',
        'Dose',
        'Take one 500 mg capsule.',
        'a tablet, a capsule, a 5 mL spoonful, a puff (inhaler), a drop, a patch',
      ],
      [
        '2',
        'Route',
        'Swallow it (by mouth).',
        'by mouth (orally), under the tongue, inhaled, applied to the skin, into a vein (IV), into a muscle (IM), under the skin (SC)',
      ],
      [
        '3',
        'Frequency',
        'Three times a day.',
        'once a day, twice a day, four times a day, every 8 hours, at night, when required (only if you need it)',
      ],
      [
        '4',
        'Duration',
        'For 5 days.',
        'until the course is finished, for 2 weeks, until your next review, long-term',
      ],
    ].map(([badge, t, say, words]) =>
      BADGE_ROW({
        badge,
        fill: C.amberDark,
        title: t,
        lines: [
          ['Say:', `“${say}”`],
          ['Useful words:', words],
        ],
      }),
    ),
    H2('3. Chart abbreviations: say them in full'),
    P('Many hospitals ask for directions in plain English. Never use these abbreviations with patients.', {
      fill: C.grey,
    }),
    ...PAIRS(
      [
        ['od', 'once a day'],
        ['bd', 'twice a day'],
        ['tds', 'three times a day'],
        ['qds', 'four times a day'],
        ['nocte', 'at night'],
        ['prn', 'when required'],
        ['PO', 'by mouth'],
        ['IV / IM / SC', 'intravenous / intramuscular / subcutaneous'],
      ],
      120,
    ),
    H2('4. Writing doses the BNF way'),
    ...BULLETS([
      'Write micrograms, nanograms and units in full: 100 micrograms (not µg or mcg), 10 units (not U or IU).',
      'No trailing zero: 5 mg, not 5.0 mg (it can be misread as 50 mg).',
      'A zero before a decimal point: 0.5 mL, not .5 mL.',
      'Under 1 g, use milligrams (500 mg, not 0.5 g); under 1 mg, use micrograms (100 micrograms, not 0.1 mg).',
      'Millilitres are written mL, never cc.',
    ]),
    H2('5. Safety-netting'),
    ...BULLETS([
      '“If you get a rash, stop taking it and speak to a doctor or pharmacist straight away.”',
      '“If your lips, tongue or face swell, or you struggle to breathe, call 999.”',
      '“If you feel worse, or you are not better by the end of the course, contact your GP.”',
    ]),
    H2('6. Teach-back'),
    P(
      'Teach-back checks your explanation, not the patient’s memory. If something is missing, explain it ' +
        'again, differently, and check again.',
    ),
    ...BULLETS([
      '“Just to make sure I’ve explained it clearly, could you tell me how you’re going to take it?”',
      '“What will you do if you get a rash?”',
      'Avoid “Do you understand?”: most people simply say yes.',
    ]),
    H2('French → English'),
    ...PAIRS([
      ['une ordonnance', 'a prescription'],
      ['un comprimé / une gélule', 'a tablet / a capsule'],
      ['la posologie', 'the dose and directions (not “posology”)'],
      ['un médicament', 'a medicine, a drug'],
      ['la pharmacie', 'the pharmacy, the chemist’s'],
      ['les effets indésirables', 'side effects'],
      ['un traitement au long cours', 'long-term treatment'],
      ['à jeun', 'on an empty stomach'],
    ]),
  ],
});

// ---- Build --------------------------------------------------------------------------------------

const VIDEOS = [
  { ...intro, handout: null },
  { ...socrates, handout: socratesHandout },
  { ...sbar, handout: null },
  { ...prescription, handout: prescriptionHandout },
];

const work = mkdtempSync(join(tmpdir(), 'library-videos-'));
try {
  mkdirSync(OUT, { recursive: true });
  const list = [];
  for (const v of VIDEOS) {
    const built = buildVideo({
      name: v.key,
      title: v.title,
      segments: v.segments,
      outDir: OUT,
      work,
      keepSlides: KEEP_SLIDES,
    });
    const measured = probeDuration(built.mp4);
    let pdf = null;
    if (v.handout) {
      pdf = `${v.key}.pdf`;
      const bytes = pagesToPdf(v.handout, join(OUT, pdf), work, v.key);
      console.log(`${pdf}  ${v.handout.length} page(s)  ${bytes} bytes`);
    }
    console.log(
      `${v.key}.mp4  ${measured.toFixed(2)} s (narration ${built.seconds.toFixed(2)} s)  ${statSync(built.mp4).size} bytes  ` +
        `${built.cues.length} cues  poster ${statSync(built.jpg).size} bytes`,
    );
    list.push({
      key: v.key,
      title: v.title,
      filename: `${v.key}.mp4`,
      thumbnail: `${v.key}.jpg`,
      captions: `${v.key}.vtt`,
      pdf,
      durationSeconds: Math.round(measured),
      credits: CREDITS,
      tags: v.tags,
    });
  }
  // Formatted as Prettier would: the short tag arrays on one line.
  const json = JSON.stringify(list, null, 2).replace(
    /\[\n\s+([^[\]{}]*?)\n\s+\]/g,
    (_, inner) => `[${inner.split(/,\n\s+/).join(', ')}]`,
  );
  writeFileSync(join(OUT, 'videos.json'), `${json}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
