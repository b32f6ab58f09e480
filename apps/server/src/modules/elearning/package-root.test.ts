import { describe, expect, it } from 'vitest';
import { packageRoot } from './content-import.service.js';

const files = (...names: string[]) => new Map(names.map((n) => [n, Buffer.from(n)]));

describe('packageRoot', () => {
  it('unwraps the one top folder of a Tin Can package or a cmi5 course, without macOS extras', () => {
    const tincan = packageRoot(files('Course/tincan.xml', 'Course/index.html', '__MACOSX/Course/._x'));
    expect([...tincan.keys()].sort()).toEqual(['index.html', 'tincan.xml']);
    const cmi5 = packageRoot(files('ward-round/cmi5.xml', 'ward-round/au/index.html', '.DS_Store'));
    expect([...cmi5.keys()].sort()).toEqual(['au/index.html', 'cmi5.xml']);
  });

  it('leaves a package at its root, or a folder without a manifest, as it is', () => {
    expect([...packageRoot(files('cmi5.xml', 'au/index.html')).keys()]).toEqual([
      'cmi5.xml',
      'au/index.html',
    ]);
    expect([...packageRoot(files('site/index.html')).keys()]).toEqual(['site/index.html']);
  });
});
