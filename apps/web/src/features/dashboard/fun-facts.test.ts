import { describe, expect, it } from 'vitest';
import { pickFact } from './fun-facts';

const facts = ['a', 'b', 'c'].map((id) => ({ _id: id, body: `fact ${id}` }));

describe('pickFact', () => {
  it('picks any fact when none is shown', () => {
    expect(pickFact(facts, undefined, 0)?._id).toBe('a');
    expect(pickFact(facts, undefined, 0.99)?._id).toBe('c');
  });

  it('never picks the fact on screen', () => {
    for (const r of [0, 0.4, 0.7, 0.999]) expect(pickFact(facts, 'b', r)?._id).not.toBe('b');
  });

  it('has nothing to offer when the only fact is on screen, or there is none', () => {
    expect(pickFact([facts[0]!], 'a', 0.5)).toBeUndefined();
    expect(pickFact([], undefined, 0.5)).toBeUndefined();
  });
});
