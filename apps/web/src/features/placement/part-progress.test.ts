import { describe, expect, it } from 'vitest';
import { messages, type PlacementPartProgress } from '@medenglish/shared';
import { fillblank, mcq, ordering, placementTestOf, tof } from '../../components/questions/test-fixtures';
import { currentProgress, partCompleteNotice, progressView } from './part-progress';

const at = (part: 'KN' | 'RC' | 'OC', number: number, answered: number, total: number) =>
  ({ part, number, answered, total }) satisfies PlacementPartProgress;

describe('the counter by part (issue 33: no total that drops)', () => {
  it('counts within the part, next to the part and its place in the test', () => {
    expect(progressView(at('RC', 2, 4, 15))).toEqual({
      partName: messages.placement.parts.RC,
      partOf: messages.placement.partOf(2, 3),
      counter: messages.placement.counter(5, 15),
      percent: ((1 + 4 / 15) / 3) * 100,
    });
    expect(progressView(at('KN', 1, 0, 30)).counter).toBe('Question : 1 / 30');
    expect(progressView(at('KN', 1, 0, 30)).partOf).toBe('Partie 1 / 3');
  });

  it('shows a bar that only goes forward, a part ending early included', () => {
    // Knowledge could have had 30 questions and stops after 12; reading its 15; listening ends
    // after 9 of 20: the bar jumps forward at each new part, never back.
    const walk: PlacementPartProgress[] = [
      ...Array.from({ length: 12 }, (_, i) => at('KN', 1, i, 30)),
      ...Array.from({ length: 15 }, (_, i) => at('RC', 2, i, 15)),
      ...Array.from({ length: 9 }, (_, i) => at('OC', 3, i, 20)),
    ];
    const percents = walk.map((p) => progressView(p).percent);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThan(percents[i - 1]!);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBeLessThan(100);
    // Within a part the total shown stays what it was at the part's first question.
    const totals = walk.map((p) => progressView(p).counter.split('/ ')[1]);
    expect(new Set(totals.slice(0, 12))).toEqual(new Set(['30']));
    expect(new Set(totals.slice(12, 27))).toEqual(new Set(['15']));
  });

  it('never shows a number past the total, nor a bar past its end', () => {
    const view = progressView(at('OC', 3, 25, 20));
    expect(view.counter).toBe(messages.placement.counter(20, 20));
    expect(view.percent).toBe(100);
  });

  it("says a part is complete on the next part's first question only", () => {
    expect(partCompleteNotice(mcq, at('RC', 2, 0, 15))).toBe(
      'Partie 1 terminée. Partie 2 : Compréhension écrite.',
    );
    expect(partCompleteNotice(tof, at('OC', 3, 0, 20))).toBe(
      messages.placement.partComplete(2, 3, messages.placement.parts.OC!),
    );
    expect(partCompleteNotice(mcq, at('KN', 1, 1, 30))).toBeNull();
    expect(partCompleteNotice(undefined, at('KN', 1, 0, 30))).toBeNull();
  });

  it("takes the server's progress, and works one out for a test sent without it", () => {
    const progress = at('KN', 1, 1, 30);
    const test = placementTestOf({ questions: [mcq, fillblank, tof, ordering] });
    expect(currentProgress({ ...test, progress }, fillblank, 1)).toBe(progress);
    expect(currentProgress(test, fillblank, 1)).toEqual(at('KN', 1, 1, 2));
    expect(currentProgress(test, tof, 2)).toEqual(at('RC', 2, 0, 1));
  });
});
