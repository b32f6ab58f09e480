import { describe, expect, it } from 'vitest';
import { messages, type ModuleUnit } from '@medenglish/shared';
import { courseModule } from './test-fixtures';
import {
  findModule,
  formatTimeSpent,
  goToAction,
  selectedUnitId,
  unitLink,
  unitStatusLabel,
  unitStatusView,
} from './unit-view';

const t = messages.elearning;
type Progress = Pick<ModuleUnit, 'verb' | 'result' | 'time'>;
const score = (scaled: number) => ({ scaled, raw: null, max: null });

describe('unit status (SPEC §4 Unit)', () => {
  const label = (unit: Progress) => unitStatusLabel(unitStatusView(unit));

  it('reads not started, in progress, completed, or passed with a score', () => {
    expect(label({ verb: null, result: null, time: 0 })).toBe(t.status.notStarted);
    // Opened (time spent) but nothing reported yet.
    expect(label({ verb: null, result: null, time: 42 })).toBe(t.status.inProgress);
    expect(label({ verb: 'attempted', result: null, time: 0 })).toBe(t.status.inProgress);
    expect(
      label({ verb: 'completed', result: { completion: true, success: null, score: null }, time: 300 }),
    ).toBe(t.status.completed);
    expect(
      label({ verb: 'passed', result: { completion: true, success: true, score: score(0.85) }, time: 300 }),
    ).toBe('Réussi · 85 %');
  });

  it('shows a unit passed at 100 % as completed ("Progress at 100% is shown as completed")', () => {
    expect(
      unitStatusView({
        verb: 'passed',
        result: { completion: true, success: true, score: score(1) },
        time: 60,
      }),
    ).toEqual({ status: 'completed', score: 100 });
  });

  it('keeps a failed chapter quiz in progress, with its score for the results', () => {
    expect(
      unitStatusView({
        verb: 'failed',
        result: { completion: true, success: false, score: score(0.4) },
        time: 60,
      }),
    ).toEqual({ status: 'inProgress', score: 40 });
  });
});

describe('module page addresses (SPEC §2 /elearning/course/{moduleName or moduleId})', () => {
  const modules = [courseModule({ key: 'history-taking', name: 'Taking a history' })];

  it('finds the module by key, id or name', () => {
    expect(findModule(modules, 'history-taking')).toBe(modules[0]);
    expect(findModule(modules, modules[0]!._id)).toBe(modules[0]);
    expect(findModule(modules, 'Taking a history')).toBe(modules[0]);
    expect(findModule(modules, 'unknown')).toBeUndefined();
  });

  it('opens a unit with ?unit= and the route state {title, selectedUnit}', () => {
    expect(unitLink(modules[0]!, 'u1')).toEqual({
      to: { pathname: '/elearning/course/history-taking', search: '?unit=u1' },
      state: { title: 'Taking a history', selectedUnit: 'u1' },
    });
  });

  it('reads the unit from the address first, then from the route state', () => {
    expect(selectedUnitId(new URLSearchParams('?unit=a'), { selectedUnit: 'b' })).toBe('a');
    expect(selectedUnitId(new URLSearchParams(''), { title: 'M', selectedUnit: 'b' })).toBe('b');
    expect(selectedUnitId(new URLSearchParams(''), { title: 'M' })).toBeNull();
    expect(selectedUnitId(new URLSearchParams(''), null)).toBeNull();
  });
});

describe('results rows', () => {
  it("labels the final quiz's button 'Go to Quiz' and the others 'Go to Unit'", () => {
    expect(goToAction(true)).toBe('Go to Quiz');
    expect(goToAction(false)).toBe('Go to Unit');
  });

  it('shows the time spent as HHhMM', () => {
    expect(formatTimeSpent(0)).toBe('00h00');
    expect(formatTimeSpent(5 * 60 + 59)).toBe('00h05');
    expect(formatTimeSpent(2 * 3600 + 7 * 60)).toBe('02h07');
  });
});
