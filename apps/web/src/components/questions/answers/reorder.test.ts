import { describe, expect, it } from 'vitest';
import { dropIndex, moveItem } from './reorder';

describe('reordering chunks', () => {
  it('moves an item', () => {
    expect(moveItem([0, 1, 2, 3], 0, 2)).toEqual([1, 2, 0, 3]);
    expect(moveItem([0, 1, 2, 3], 3, 0)).toEqual([3, 0, 1, 2]);
  });

  it('drops past an item once the pointer crosses its middle', () => {
    const boxes = [
      { top: 0, height: 50 },
      { top: 58, height: 100 },
      { top: 166, height: 50 },
    ];
    expect(dropIndex(boxes, 0, 100)).toBe(0);
    expect(dropIndex(boxes, 0, 120)).toBe(1);
    expect(dropIndex(boxes, 0, 200)).toBe(2);
    expect(dropIndex(boxes, 2, 100)).toBe(1);
    expect(dropIndex(boxes, 2, 10)).toBe(0);
    expect(dropIndex(boxes, 1, 110)).toBe(1);
  });
});
