#!/usr/bin/env node
/**
 * Writes the group resource "Clinical handover phrasebook (SBAR)":
 *   apps/server/src/demo/elearning/resources/handover-phrasebook.pdf  (A4, 2 pages)
 *   apps/server/src/demo/elearning/resources/handover-phrasebook.svg  (its thumbnail)
 * The text was written for MedEnglish. The PDF is built by hand (standard Helvetica fonts,
 * WinAnsiEncoding, uncompressed content streams) like src/demo/simple-pdf.ts, with word wrapping
 * from the Helvetica metrics, so no PDF library is needed.
 *
 * Run from anywhere (needs only node): node apps/server/scripts/demo-media/handover-phrasebook.mjs
 * Check: pdftotext -layout apps/server/src/demo/elearning/resources/handover-phrasebook.pdf -
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../src/demo/elearning/resources');

// ---- Content -------------------------------------------------------------------------------

const TITLE = 'Clinical handover phrasebook (SBAR)';
const SUBTITLE = 'MedEnglish – S3 – Groupe A – group resource';

const INTRO =
  'SBAR is a structured way to hand over a patient to a colleague: at a change of shift, when you ' +
  'call a senior for help, or when a patient is transferred to another team. It keeps the message ' +
  'short, complete and in an order the listener expects. Say who you are and who the patient is ' +
  'first, finish with a clear request, and check that it has been understood. Words in [brackets] ' +
  'are the parts you replace.';

const SECTIONS = [
  {
    letter: 'S',
    title: 'Situation',
    sub: 'What is happening now? (10–15 seconds)',
    colour: [0.06, 0.46, 0.43],
    phrases: [
      'Hello, this is [name], the [foundation doctor / staff nurse] on [Ward 7].',
      'I’m calling about [Mr Carter] in [bed 12].',
      'I’m calling because I’m worried about his [breathing / blood pressure / level of consciousness].',
      'The main problem right now is [chest pain / a high temperature / low urine output].',
      'He has become [more breathless / drowsy / confused] over the last [hour].',
    ],
  },
  {
    letter: 'B',
    title: 'Background',
    sub: 'What does the listener need to know about the patient?',
    colour: [0.26, 0.22, 0.79],
    phrases: [
      '[Mr Carter] is a [74]-year-old [man] who was admitted [yesterday] with [pneumonia].',
      'His past medical history includes [type 2 diabetes and hypertension].',
      'He is on [IV antibiotics]. He is allergic to [penicillin] / He has no known drug allergies.',
      'Since admission he has had [a chest X-ray and blood cultures].',
      'His escalation plan is [for full escalation / ward-based care / DNACPR].',
    ],
  },
  {
    letter: 'A',
    title: 'Assessment',
    sub: 'What have you found, and what do you think is going on?',
    colour: [0.75, 0.07, 0.24],
    phrases: [
      'His observations are: respiratory rate [24], saturations [94] per cent on [2 litres] of oxygen, ' +
        'heart rate [112], blood pressure [98 over 60], temperature [38.4].',
      'His NEWS2 score is [10], up from [3] this afternoon.',
      'On examination, he is [pale and clammy], with [crackles at the right base].',
      'I think the problem is [sepsis / a chest infection / a pulmonary embolism].',
      'I’m not sure what the problem is, but I’m worried that he is deteriorating.',
    ],
  },
  {
    letter: 'R',
    title: 'Recommendation',
    sub: 'What do you need, and by when?',
    colour: [0.71, 0.33, 0.04],
    phrases: [
      'I’d like you to come and review him [now / within the next 15 minutes].',
      'Could you advise me on [his fluids / his insulin]? Should I [start oxygen / repeat the bloods]?',
      'In the meantime I will [repeat his observations every 15 minutes / keep him sitting up].',
      'Is there anything else you would like me to do before you arrive?',
      'Just to confirm: you will be here in [10 minutes], and I will [call you back if his systolic drops below 90].',
    ],
  },
];

const EXAMPLE = [
  [
    'Nurse',
    'Hello, this is Claire, the staff nurse on Ward 7. I’m calling about Mr James Carter in bed 12. ' +
      'I’m worried because his breathing has got worse over the last hour.',
  ],
  [
    'Nurse',
    'Mr Carter is 74 and was admitted yesterday with a community-acquired pneumonia. He has type 2 ' +
      'diabetes and is on IV co-amoxiclav. He has no known drug allergies.',
  ],
  [
    'Nurse',
    'His respiratory rate is 24, saturations 94 per cent on 2 litres, heart rate 112, blood pressure ' +
      '98 over 60 and temperature 38.4. His NEWS2 score is 10. He is alert but more tired than this ' +
      'afternoon. I think he may be developing sepsis.',
  ],
  ['Nurse', 'I’d like you to come and see him now. Is there anything you want me to do in the meantime?'],
  [
    'Doctor',
    'Thanks, Claire. I’ll be there in ten minutes. Please repeat his observations, check his blood ' +
      'glucose and start a fluid balance chart.',
  ],
  [
    'Nurse',
    'So you’ll be here in ten minutes, and I’ll repeat his obs, check his glucose and start a ' +
      'fluid balance chart. Thank you.',
  ],
];

const TIPS = [
  'Read back the plan (“closed-loop communication”): it catches misunderstandings early.',
  'Say numbers the English way: “ninety-eight over sixty”, “thirty-eight point four”, “two litres”.',
  '“Tension” in English means stress: say “blood pressure”.',
  '“Actually” means “in fact”: for the present, say “at the moment” or “currently”.',
  '“Important bleeding” sounds odd: say “heavy” or “significant bleeding”.',
  'He “presents with” or “complains of” pain (not “presents a pain”); he “is 74” (not “has 74 years”).',
];

// ---- Helvetica metrics (1/1000 em) for the characters used ---------------------------------

const ASCII =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
const W_REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const W_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const EXTRA = {
  '–': [556, 556],
  '—': [1000, 1000],
  '’': [222, 278],
  '“': [333, 500],
  '”': [333, 500],
  '•': [350, 350],
};
const WIN_ANSI = { '–': 0x96, '—': 0x97, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95 };

function textWidth(text, font, size) {
  const bold = font === 'F2';
  let w = 0;
  for (const ch of text) {
    const i = ASCII.indexOf(ch);
    if (i >= 0) w += (bold ? W_BOLD : W_REGULAR)[i];
    else if (EXTRA[ch]) w += EXTRA[ch][bold ? 1 : 0];
    else w += 556;
  }
  return (w * size) / 1000;
}

function pdfString(text) {
  let out = '';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0);
    const c = String.fromCharCode(code <= 0xff ? code : 0x3f);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, font, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

// ---- Layout --------------------------------------------------------------------------------

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 54;
const TEXT_W = PAGE_W - 2 * MARGIN;
const pages = [];
let ops; // drawing operators of the current page
let y; // baseline of the next line

const rgb = ([r, g, b], op) => `${r} ${g} ${b} ${op}`;
const text = (x, yy, font, size, str, colour = [0.12, 0.16, 0.22]) =>
  ops.push(`BT ${rgb(colour, 'rg')} /${font} ${size} Tf ${x} ${yy} Td ${pdfString(str)} Tj ET`);
const rect = (x, yy, w, h, colour) => ops.push(`${rgb(colour, 'rg')} ${x} ${yy} ${w} ${h} re f`);

function newPage() {
  ops = [];
  pages.push(ops);
  y = PAGE_H - MARGIN;
}

function paragraph(str, { font = 'F1', size = 10, lead = 13.5, indent = 0, colour, after = 4 } = {}) {
  for (const line of wrap(str, font, size, TEXT_W - indent)) {
    text(MARGIN + indent, y, font, size, line, colour);
    y -= lead;
  }
  y -= after;
}

function bullet(str, colour) {
  text(MARGIN + 40, y, 'F1', 10.5, '•', colour);
  paragraph(str, { indent: 52, size: 10.5, lead: 14, after: 4 });
}

function section({ letter, title, sub, colour, phrases }) {
  y -= 16;
  rect(MARGIN, y - 8, 28, 28, colour);
  text(MARGIN + 8.5, y + 1, 'F2', 16, letter, [1, 1, 1]);
  text(MARGIN + 40, y + 6, 'F2', 13, title, colour);
  text(MARGIN + 40 + textWidth(title, 'F2', 13) + 8, y + 6, 'F3', 9.5, sub, [0.35, 0.38, 0.45]);
  y -= 26;
  for (const p of phrases) bullet(p, colour);
  y -= 6;
}

function heading(str) {
  y -= 14;
  text(MARGIN, y, 'F2', 13, str);
  ops.push(`0.8 0.83 0.87 RG 1 w ${MARGIN} ${y - 6} m ${PAGE_W - MARGIN} ${y - 6} l S`);
  y -= 24;
}

// Page 1: title band, introduction, S and B.
newPage();
rect(0, PAGE_H - 120, PAGE_W, 120, [0.06, 0.46, 0.43]);
text(MARGIN, PAGE_H - 62, 'F2', 22, TITLE, [1, 1, 1]);
text(MARGIN, PAGE_H - 86, 'F1', 11, SUBTITLE, [0.8, 0.98, 0.94]);
y = PAGE_H - 150;
paragraph(INTRO, { size: 10.5, lead: 14.5, after: 8 });
const order = SECTIONS.map((s) => s.letter + ' = ' + s.title).join('    ');
paragraph(order, { font: 'F2', size: 10.5, after: 6 });
section(SECTIONS[0]);
section(SECTIONS[1]);
heading('Before you call');
for (const p of [
  'Have the notes, the observation chart and the drug chart in front of you.',
  'Check the latest observations yourself and work out the NEWS2 score.',
  'Know the patient’s allergies, escalation plan and most recent results.',
  'Write down your request first: what do you want the listener to do?',
])
  bullet(p, [0.06, 0.46, 0.43]);

// Page 2: A and R, an example handover, tips.
newPage();
section(SECTIONS[2]);
section(SECTIONS[3]);
heading('Example: a telephone handover at night');
for (const [speaker, line] of EXAMPLE) {
  text(MARGIN, y, 'F2', 10.5, `${speaker}:`, speaker === 'Doctor' ? [0.26, 0.22, 0.79] : [0.06, 0.46, 0.43]);
  paragraph(line, { indent: 52, size: 10.5, lead: 14, after: 5 });
}
heading('Tips for French-speaking clinicians');
for (const t of TIPS) bullet(t, [0.71, 0.33, 0.04]);

pages.forEach((page, i) => {
  ops = page;
  page.push(`0.8 0.83 0.87 RG 0.5 w ${MARGIN} 40 m ${PAGE_W - MARGIN} 40 l S`);
  const footer = `MedEnglish – Clinical handover phrasebook (SBAR) – page ${i + 1} of ${pages.length}`;
  text(MARGIN, 28, 'F1', 8, footer, [0.45, 0.48, 0.55]);
});
if (y < 50) throw new Error(`page 2 overflows (y = ${y})`);

// ---- Serialisation -------------------------------------------------------------------------

const font = (name) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  `<< /Type /Pages /Kids [${pages.map((_, i) => `${7 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  font('Helvetica'),
  font('Helvetica-Bold'),
  font('Helvetica-Oblique'),
  `<< /Title ${pdfString(TITLE)} /Author (MedEnglish) /Subject (SBAR phrases for clinical handover) >>`,
];
pages.forEach((page, i) => {
  const body = page.join('\n');
  objects.push(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${8 + 2 * i} 0 R >>`,
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  );
});
let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
objects.forEach((object, i) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

// ---- Thumbnail: a document with the four SBAR colour bands ---------------------------------

const thumb = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="SBAR phrasebook">
<rect width="640" height="360" fill="#ccfbf1"/>
<g transform="translate(-60 12)">
<rect x="226" y="28" width="200" height="290" rx="12" fill="#0f766e" opacity="0.25"/>
<rect x="214" y="20" width="200" height="290" rx="12" fill="#ffffff"/>
<rect x="214" y="20" width="200" height="46" rx="12" fill="#0f766e"/>
<rect x="214" y="50" width="200" height="16" fill="#0f766e"/>
<path d="M236 44h120" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
<g stroke-linecap="round">
<rect x="234" y="86" width="30" height="30" rx="6" fill="#0f766e"/>
<rect x="234" y="140" width="30" height="30" rx="6" fill="#4338ca"/>
<rect x="234" y="194" width="30" height="30" rx="6" fill="#be123c"/>
<rect x="234" y="248" width="30" height="30" rx="6" fill="#b45309"/>
<path d="M278 94h110M278 110h80M278 148h110M278 164h90M278 202h110M278 218h70M278 256h110M278 272h86" stroke="#cbd5e1" stroke-width="7"/>
</g>
<path d="M432 92h120a20 20 0 0 1 20 20v44a20 20 0 0 1-20 20h-70l-26 24 4-24h-28a20 20 0 0 1-20-20v-44a20 20 0 0 1 20-20z" fill="#fbbf24"/>
<circle cx="462" cy="134" r="8" fill="#78350f"/><circle cx="492" cy="134" r="8" fill="#78350f"/><circle cx="522" cy="134" r="8" fill="#78350f"/>
</g>
</svg>
`;

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'handover-phrasebook.pdf'), Buffer.from(pdf, 'latin1'));
writeFileSync(join(OUT, 'handover-phrasebook.svg'), thumb);
console.log(`handover-phrasebook.pdf  ${pages.length} pages  ${Buffer.byteLength(pdf, 'latin1')} bytes`);
console.log(`handover-phrasebook.svg  ${Buffer.byteLength(thumb)} bytes`);
