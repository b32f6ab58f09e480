import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@medenglish/shared';
import { checkChosenFile } from './upload-api';

describe('the chosen file, checked before sending (SPEC §5 "File upload")', () => {
  it('asks for a file when none is chosen', () => {
    expect(checkChosenFile(null)).toBe('noFile');
  });

  it('accepts odt, pdf, doc and docx whatever the case, and nothing else', () => {
    for (const name of ['a.odt', 'a.PDF', 'Résumé final.doc', 'abstract.v2.docx']) {
      expect(checkChosenFile({ name, size: 1000 }), name).toBeNull();
    }
    for (const name of ['a.exe', 'a.pdf.exe', 'a.txt', 'abstract', 'a.docm']) {
      expect(checkChosenFile({ name, size: 1000 }), name).toBe('wrongExtension');
    }
  });

  it('refuses a file over the limit', () => {
    expect(checkChosenFile({ name: 'a.pdf', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkChosenFile({ name: 'a.pdf', size: UPLOAD_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
