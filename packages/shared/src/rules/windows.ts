import { formatDay, isDayInRange } from './dates.js';
import { messages } from '../messages/index.js';

export interface DayWindow {
  from: string;
  to: string;
}

/** SPEC §9: platform closed on these days inclusive; login refused, banner shown. */
export function isMaintenanceDay(today: string, window: DayWindow): boolean {
  return isDayInRange(today, window.from, window.to);
}

/** SPEC §8: 'La plateforme sera fermée du ... au ... compris.' with DD/MM/YYYY dates. */
export function maintenanceMessage(window: DayWindow): string {
  return messages.login.maintenance(formatDay(window.from), formatDay(window.to));
}

/** SPEC §9: holiday notice on the login screen from HOLIDAY_FROM to HOLIDAY_TO inclusive. */
export function isHolidayNoticeDay(today: string, window: DayWindow): boolean {
  return isDayInRange(today, window.from, window.to);
}

export function holidayMessage(window: DayWindow): string {
  return messages.holiday.notice(formatDay(window.from), formatDay(window.to));
}
