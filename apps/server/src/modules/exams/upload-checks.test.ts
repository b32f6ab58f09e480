import { describe, expect, it } from 'vitest';
import { buildZip } from '../../test/zip.js';
import { checkUpload, extensionOf, UPLOAD_LIMITS } from './upload-checks.js';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
const docx = buildZip([
  { name: '[Content_Types].xml', data: '<Types/>' },
  { name: 'word/document.xml', data: '<w:document><w:body>Abstract</w:body></w:document>' },
]);
const odt = buildZip([
  { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
  { name: 'content.xml', data: '<office:document-content>Abstract</office:document-content>' },
]);
/** A Windows executable renamed as a document. */
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

describe('abstract upload checks (issue 13)', () => {
  it('reads the extension, whatever its case, and refuses the others', () => {
    expect(extensionOf('Résumé final.DOCX')).toBe('docx');
    expect(extensionOf('abstract.pdf ')).toBe('pdf');
    expect(extensionOf('abstract.exe')).toBeNull();
    expect(extensionOf('abstract')).toBeNull();
  });

  it('accepts each kind whose content is what its name says', async () => {
    expect(await checkUpload('a.pdf', pdf)).toEqual({ ok: true, kind: 'pdf' });
    expect(await checkUpload('a.doc', doc)).toEqual({ ok: true, kind: 'doc' });
    expect(await checkUpload('a.docx', docx)).toEqual({ ok: true, kind: 'docx' });
    expect(await checkUpload('a.odt', odt)).toEqual({ ok: true, kind: 'odt' });
  });

  it('refuses a wrong extension, a renamed executable and a document named as another kind', async () => {
    expect(await checkUpload('virus.exe', exe)).toEqual({ ok: false, reason: 'extension' });
    expect(await checkUpload('abstract.pdf', exe)).toEqual({ ok: false, reason: 'content' });
    expect(await checkUpload('abstract.docx', exe)).toEqual({ ok: false, reason: 'content' });
    expect(await checkUpload('abstract.doc', pdf)).toEqual({ ok: false, reason: 'content' });
    expect(await checkUpload('abstract.odt', docx)).toEqual({ ok: false, reason: 'content' });
    expect(await checkUpload('abstract.docx', odt)).toEqual({ ok: false, reason: 'content' });
    // A zip that is no document at all.
    expect(await checkUpload('abstract.docx', buildZip([{ name: 'payload.js', data: 'alert(1)' }]))).toEqual({
      ok: false,
      reason: 'content',
    });
  });

  it('refuses an empty file and one over the size limit', async () => {
    expect(await checkUpload('a.pdf', Buffer.alloc(0))).toEqual({ ok: false, reason: 'size' });
    const big = Buffer.concat([pdf, Buffer.alloc(UPLOAD_LIMITS.maxBytes)]);
    expect(await checkUpload('a.pdf', big)).toEqual({ ok: false, reason: 'size' });
  });

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    // A docx whose document declares 3 GB once inflated, from a few bytes.
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: 'x'.repeat(1000), declaredSize: 3 * 1024 * 1024 * 1024 },
    ]);
    expect(await checkUpload('bomb.docx', bomb)).toEqual({ ok: false, reason: 'content' });
    // Highly compressible content past the ratio: refused too.
    const ratio = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: Buffer.alloc(2 * 1024 * 1024) },
    ]);
    expect(await checkUpload('ratio.docx', ratio)).toEqual({ ok: false, reason: 'content' });
    // Too many entries.
    const many = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: 'text' },
      ...Array.from({ length: 30 }, (_, i) => ({ name: `media/${i}.xml`, data: `<x>${i}</x>` })),
    ]);
    expect(await checkUpload('many.docx', many, { ...UPLOAD_LIMITS, maxEntries: 20 })).toEqual({
      ok: false,
      reason: 'content',
    });
  });

  it('refuses an odt whose mimetype entry is not a text document, or is oversized', async () => {
    const spreadsheet = buildZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
      { name: 'content.xml', data: '<x/>' },
    ]);
    expect(await checkUpload('a.odt', spreadsheet)).toEqual({ ok: false, reason: 'content' });
    const padded = buildZip([
      { name: 'mimetype', data: `application/vnd.oasis.opendocument.text${' '.repeat(500)}` },
      { name: 'content.xml', data: '<x/>' },
    ]);
    expect(await checkUpload('a.odt', padded)).toEqual({ ok: false, reason: 'content' });
  });
});
