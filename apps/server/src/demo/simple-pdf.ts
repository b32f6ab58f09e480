/**
 * PDFs of plain text lines in Helvetica, for the demo's group documents and revision sheets:
 * real files that open in any viewer, without a PDF library in the server.
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

/** Helvetica 11 pt on an A4 page with 56 pt margins holds about 95 characters per line. */
const LINE_CHARACTERS = 92;
const LINES_PER_PAGE = 46;

/** Long lines broken at spaces; a line that starts with '- ' keeps its indent when wrapped. */
export function wrapLines(lines: readonly string[], width = LINE_CHARACTERS): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const indent = line.startsWith('- ') ? '  ' : '';
    let rest = line;
    while (rest.length > width) {
      const cut = rest.lastIndexOf(' ', width);
      const at = cut > width / 2 ? cut : width;
      out.push(rest.slice(0, at));
      rest = indent + rest.slice(at).trimStart();
    }
    out.push(rest);
  }
  return out;
}

/** A PDF of plain text lines: the title on the first page, lines wrapped and paginated. */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const wrapped = wrapLines(lines);
  const pages: string[][] = [];
  for (let i = 0; i < wrapped.length || pages.length === 0;) {
    const size = pages.length === 0 ? LINES_PER_PAGE - 3 : LINES_PER_PAGE;
    pages.push(wrapped.slice(i, i + size));
    i += size;
  }
  const contents = pages.map((pageLines, index) =>
    [
      'BT',
      ...(index === 0
        ? ['/F1 18 Tf 56 780 Td', `${pdfString(title)} Tj`, '/F1 11 Tf 0 -30 Td 15 TL']
        : ['/F1 11 Tf 56 780 Td 15 TL']),
      ...pageLines.map((line) => `${pdfString(line)} '`),
      'ET',
    ].join('\n'),
  );
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
  const pageIds = pages.map((_, i) => 4 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...contents.flatMap((body, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
    ]),
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
