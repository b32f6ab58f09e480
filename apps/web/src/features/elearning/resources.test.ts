import { describe, expect, it } from 'vitest';
import { resourceItems, resourceKind } from './resources';

describe('resources (SPEC §2: downloadable pdf, ppt or video resources)', () => {
  it('tells the kind from the extension', () => {
    expect(resourceKind('glossary.PDF')).toBe('pdf');
    expect(resourceKind('slides.ppt')).toBe('presentation');
    expect(resourceKind('slides.pptx')).toBe('presentation');
    expect(resourceKind('consultation.mp4')).toBe('video');
    expect(resourceKind('consultation.webm')).toBe('video');
    expect(resourceKind('notes.docx')).toBe('other');
    expect(resourceKind('README')).toBe('other');
  });

  it("titles each file by the group's resource of the same file name, else by its name", () => {
    const files = [
      { id: 'f1', name: 'glossary.pdf', createdTime: '2026-01-05T10:00:00.000Z' },
      { id: 'f2', name: 'extra.mp4', createdTime: '2026-01-06T10:00:00.000Z' },
    ];
    const resources = [{ title: 'Medical glossary', filename: 'glossary.pdf', thumbnail: '/media/g.png' }];
    expect(resourceItems(files, resources)).toEqual([
      { file: files[0], title: 'Medical glossary', thumbnail: '/media/g.png', kind: 'pdf' },
      { file: files[1], title: 'extra.mp4', thumbnail: null, kind: 'video' },
    ]);
  });
});
