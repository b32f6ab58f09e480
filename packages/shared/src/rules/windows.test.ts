import { describe, expect, it } from 'vitest';
import { holidayMessage, isHolidayNoticeDay, isMaintenanceDay, maintenanceMessage } from './windows.js';

const maintenance = { from: '2025-08-01', to: '2025-08-13' };
const holiday = { from: '2022-12-23', to: '2023-01-02' };

describe('SPEC §9 maintenance: closed on these days inclusive', () => {
  it.each([
    ['2025-07-31', false],
    ['2025-08-01', true],
    ['2025-08-07', true],
    ['2025-08-13', true],
    ['2025-08-14', false],
  ])('%s → %s', (day, closed) => expect(isMaintenanceDay(day, maintenance)).toBe(closed));
  it("reads 'La plateforme sera fermée du ... au ... compris.'", () => {
    expect(maintenanceMessage(maintenance)).toBe(
      'La plateforme sera fermée du 01/08/2025 au 13/08/2025 compris.',
    );
  });
});

describe('SPEC §9 holiday notice from 2022-12-23 to 2023-01-02 inclusive', () => {
  it.each([
    ['2022-12-22', false],
    ['2022-12-23', true],
    ['2023-01-02', true],
    ['2023-01-03', false],
  ])('%s → %s', (day, shown) => expect(isHolidayNoticeDay(day, holiday)).toBe(shown));
  it('names both dates', () => {
    expect(holidayMessage(holiday)).toContain('23/12/2022');
    expect(holidayMessage(holiday)).toContain('02/01/2023');
  });
});
