/** The timer's text: m:ss under an hour, h:mm:ss beyond (issue 12). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** How long until an instant, for the countdown badge of an upcoming exam: days, else hours and minutes. */
export function untilParts(ms: number): { days: number } | { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  if (minutes >= 24 * 60) return { days: Math.floor(minutes / (24 * 60)) };
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
