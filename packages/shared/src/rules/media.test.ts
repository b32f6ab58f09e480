import { describe, expect, it } from 'vitest';
import { videoLength } from './media.js';

describe('videoLength', () => {
  it('reads as a player does', () => {
    expect(videoLength(0)).toBe('0:00');
    expect(videoLength(45)).toBe('0:45');
    expect(videoLength(65.4)).toBe('1:05');
    expect(videoLength(3600 + 62)).toBe('1:01:02');
  });
});
