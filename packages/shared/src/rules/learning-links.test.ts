import { describe, expect, it } from 'vitest';
import { learningLinksPath, parentPath, truncateText } from './learning-links.js';

describe('truncateText (SPEC §2: the intro card truncated to 60 characters)', () => {
  it('keeps a short text whole', () => {
    expect(truncateText('Short intro.')).toBe('Short intro.');
    expect(truncateText('x'.repeat(60))).toBe('x'.repeat(60));
  });
  it('cuts a long text at a word within the first 60 characters, with an ellipsis', () => {
    const text = 'Links chosen by your teachers to practise medical English outside the course, by theme.';
    const short = truncateText(text);
    expect(short.endsWith('…')).toBe(true);
    expect(Array.from(short.slice(0, -1)).length).toBeLessThanOrEqual(60);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(short).toBe('Links chosen by your teachers to practise medical English…');
  });
  it('counts characters, never splitting an accented letter or an emoji', () => {
    const text = `${'é'.repeat(59)}🩺 and more after it`;
    expect(truncateText(text)).toBe(`${'é'.repeat(59)}🩺…`);
  });
});

describe('parentPath (SPEC §2: the back button goes to the parent path)', () => {
  it('goes up one segment', () => {
    expect(parentPath('/learning-links/Clinical%20guidelines/UK%20national%20guidance')).toBe(
      '/learning-links/Clinical%20guidelines',
    );
    expect(parentPath('/learning-links/Clinical%20guidelines/')).toBe('/learning-links');
    expect(parentPath('/learning-links')).toBe('/');
  });
});

describe('learningLinksPath', () => {
  it('encodes names as path segments', () => {
    expect(learningLinksPath('Public health & epidemiology', 'Vaccines?')).toBe(
      '/learning-links/Public%20health%20%26%20epidemiology/Vaccines%3F',
    );
    expect(learningLinksPath()).toBe('/learning-links');
  });
});
