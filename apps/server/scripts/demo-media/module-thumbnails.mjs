#!/usr/bin/env node
/**
 * Writes the four module thumbnails of the demo e-learning course:
 *   apps/server/src/demo/elearning/thumbnails/<module>.svg
 * Flat pictograms drawn for this project (no text, no external references, no scripts),
 * 640×360, one colour per module.
 *
 * Run from anywhere (needs only node): node apps/server/scripts/demo-media/module-thumbnails.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../src/demo/elearning/thumbnails');

/** The common frame: a solid background with two soft circles, then the pictogram. */
function svg(label, colours, body) {
  const [bg, soft] = colours;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${label}">
<rect width="640" height="360" fill="${bg}"/>
<circle cx="560" cy="40" r="150" fill="${soft}" opacity="0.35"/>
<circle cx="60" cy="330" r="120" fill="${soft}" opacity="0.3"/>
${body.trim()}
</svg>
`;
}

// Clipboard (the history form) and two speech bubbles (the conversation).
const patientHistory = svg(
  'Clipboard and speech bubbles',
  ['#0f766e', '#2dd4bf'],
  `
<rect x="150" y="62" width="200" height="262" rx="18" fill="#b7885a"/>
<rect x="166" y="86" width="168" height="222" rx="8" fill="#ffffff"/>
<rect x="205" y="48" width="90" height="38" rx="12" fill="#334155"/>
<circle cx="250" cy="60" r="7" fill="#b7885a"/>
<g fill="none" stroke-linecap="round" stroke-linejoin="round">
<g stroke="#0f766e" stroke-width="4">
<rect x="184" y="112" width="22" height="22" rx="4"/>
<rect x="184" y="160" width="22" height="22" rx="4"/>
<rect x="184" y="208" width="22" height="22" rx="4"/>
<rect x="184" y="256" width="22" height="22" rx="4"/>
</g>
<path d="M188 122l6 7 12-15M188 170l6 7 12-15M188 218l6 7 12-15" stroke="#f97316" stroke-width="5"/>
<path d="M222 123h90M222 171h74M222 219h86M222 267h60" stroke="#cbd5e1" stroke-width="9"/>
</g>
<path d="M392 66h146a26 26 0 0 1 26 26v70a26 26 0 0 1-26 26h-92l-34 30 6-30h-26a26 26 0 0 1-26-26v-70a26 26 0 0 1 26-26z" fill="#ffffff"/>
<circle cx="425" cy="127" r="11" fill="#0f766e"/>
<circle cx="465" cy="127" r="11" fill="#0f766e"/>
<circle cx="505" cy="127" r="11" fill="#0f766e"/>
<path d="M420 214h110a22 22 0 0 1 22 22v40a22 22 0 0 1-22 22h-12l4 26-30-26h-72a22 22 0 0 1-22-22v-40a22 22 0 0 1 22-22z" fill="#fbbf24"/>
<path d="M428 248h86M428 266h56" stroke="#92400e" stroke-width="8" stroke-linecap="round"/>
`,
);

// A pained face, a lightning bolt and a 0–10 style pain scale with a marker near the top.
const painAndSymptoms = svg(
  'Pained face, lightning bolt and pain scale',
  ['#be123c', '#fb7185'],
  `
<circle cx="230" cy="138" r="88" fill="#fff1f2"/>
<g fill="none" stroke="#881337" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">
<path d="M180 112l26 14-26 14M280 112l-26 14 26 14"/>
<path d="M192 190q38-34 76 0"/>
<path d="M176 88l22 8M284 88l-22 8"/>
</g>
<path d="M308 76q10 14 0 24q-10-10 0-24z" fill="#38bdf8"/>
<path d="M452 26l-74 122h52l-34 104 102-140h-56l42-86z" fill="#facc15" stroke="#7c2d12" stroke-width="6" stroke-linejoin="round"/>
<g>
<rect x="120" y="292" width="62" height="30" rx="8" fill="#22c55e"/>
<rect x="188" y="292" width="62" height="30" rx="8" fill="#84cc16"/>
<rect x="256" y="292" width="62" height="30" rx="8" fill="#eab308"/>
<rect x="324" y="292" width="62" height="30" rx="8" fill="#f59e0b"/>
<rect x="392" y="292" width="62" height="30" rx="8" fill="#ea580c"/>
<rect x="460" y="292" width="62" height="30" rx="8" fill="#7f1d1d"/>
</g>
<path d="M423 286l-16-22h32z" fill="#ffffff"/>
`,
);

// A human figure with lungs and heart, and label leaders ending in blank tags.
const bodyAndAnatomy = svg(
  'Human body outline with heart and lungs',
  ['#4338ca', '#818cf8'],
  `
<g stroke="#e0e7ff" stroke-linecap="round" fill="none">
<path d="M292 128l-40 92M348 128l40 92" stroke-width="26"/>
<path d="M303 236l-8 96M337 236l8 96" stroke-width="30"/>
</g>
<circle cx="320" cy="68" r="36" fill="#e0e7ff"/>
<rect x="306" y="98" width="28" height="22" fill="#e0e7ff"/>
<rect x="276" y="114" width="88" height="132" rx="30" fill="#e0e7ff"/>
<path d="M312 134c-22 0-30 22-30 48 0 16 8 24 20 22 8-1 10-8 10-18z" fill="#fda4af"/>
<path d="M328 134c22 0 30 22 30 48 0 16-8 24-20 22-8-1-10-8-10-18z" fill="#fda4af"/>
<path d="M335 198c-6-10-20-8-20 4 0 12 20 22 20 22s20-10 20-22c0-12-14-14-20-4z" fill="#e11d48"/>
<g stroke="#facc15" stroke-width="4" stroke-linecap="round" fill="#facc15">
<path d="M292 160h-118" fill="none"/>
<path d="M345 210h118" fill="none"/>
<path d="M336 60h128" fill="none"/>
<circle cx="292" cy="160" r="6"/>
<circle cx="345" cy="210" r="6"/>
<circle cx="336" cy="60" r="6"/>
</g>
<rect x="96" y="146" width="78" height="28" rx="14" fill="#facc15"/>
<rect x="463" y="196" width="78" height="28" rx="14" fill="#facc15"/>
<rect x="464" y="46" width="78" height="28" rx="14" fill="#facc15"/>
`,
);

// A prescription sheet (medical cross, lines, signature), a two-tone capsule and a scored tablet.
const medicationPrescriptions = svg(
  'Prescription, capsule and tablet',
  ['#b45309', '#fbbf24'],
  `
<rect x="120" y="50" width="190" height="264" rx="14" fill="#ffffff"/>
<rect x="120" y="50" width="190" height="56" rx="14" fill="#fde68a"/>
<rect x="120" y="92" width="190" height="14" fill="#fde68a"/>
<path d="M157 62v30M142 77h30" stroke="#15803d" stroke-width="10" stroke-linecap="round"/>
<path d="M190 72h92M190 88h64" stroke="#b45309" stroke-width="7" stroke-linecap="round"/>
<g stroke="#cbd5e1" stroke-width="9" stroke-linecap="round">
<path d="M146 140h134M146 170h110M146 200h126M146 230h90"/>
</g>
<path d="M200 284c12-22 20-22 20-6s14 10 26-8 14 6 26 2" fill="none" stroke="#1e3a8a" stroke-width="5" stroke-linecap="round"/>
<g transform="translate(450 142) rotate(-35)">
<path d="M0-40H-70A40 40 0 0 0-70 40H0z" fill="#ffffff"/>
<path d="M0-40H70A40 40 0 0 1 70 40H0z" fill="#ef4444"/>
<path d="M-74-22a24 24 0 0 0-10 14" stroke="#fde68a" stroke-width="8" stroke-linecap="round" fill="none"/>
</g>
<circle cx="430" cy="270" r="46" fill="#fef3c7" stroke="#78350f" stroke-width="5"/>
<path d="M402 270h56" stroke="#78350f" stroke-width="6" stroke-linecap="round"/>
<ellipse cx="530" cy="276" rx="34" ry="22" fill="#ffffff" transform="rotate(20 530 276)"/>
`,
);

const files = {
  'patient-history': patientHistory,
  'pain-and-symptoms': painAndSymptoms,
  'body-and-anatomy': bodyAndAnatomy,
  'medication-prescriptions': medicationPrescriptions,
};

mkdirSync(OUT, { recursive: true });
for (const [key, text] of Object.entries(files)) {
  writeFileSync(join(OUT, `${key}.svg`), text);
  console.log(`${key}.svg  ${Buffer.byteLength(text)} bytes`);
}
