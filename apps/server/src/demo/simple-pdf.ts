/**
 * A one-page PDF of plain text lines in Helvetica, for the demo's group documents: enough for a
 * real file that opens in any viewer, without a PDF library in the server.
 */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '–': 0x96,
  '—': 0x97,
  '’': 0x92,
  '«': 0xab,
  '»': 0xbb,
  '€': 0x80,
};

/** Text as a PDF literal string in WinAnsiEncoding (Latin-1 plus a few typographic signs). */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0)!;
    const byte = code <= 0xff ? code : 0x3f; // '?' for anything WinAnsi cannot show
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const body = [
    'BT /F1 18 Tf 56 780 Td',
    `${pdfString(title)} Tj`,
    '/F1 11 Tf 0 -30 Td 15 TL',
    ...lines.map((line) => `${pdfString(line)} '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
