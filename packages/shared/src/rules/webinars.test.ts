import { describe, expect, it } from 'vitest';
import { formatWebinarDuration, isJoinOpen, placesLeft, webinarIcs, webinarLists } from './webinars.js';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const w = (id: string, start: string, registered: string[] = []) => ({ id, start, duration: 60, registered });

describe('webinar lists (SPEC §5)', () => {
  it('upcoming = start in the future, replays = in the past, Mes webinaires = those with my id', () => {
    const all = [
      w('past-mine', '2026-11-20T10:00:00.000Z', ['me']),
      w('soon', '2026-11-27T10:00:00.000Z'),
      w('later-mine', '2026-12-10T10:00:00.000Z', ['me', 'other']),
      w('older', '2026-10-01T10:00:00.000Z'),
      w('now', '2026-11-26T10:00:00.000Z'),
    ];
    const lists = webinarLists(all, 'me', NOW);
    expect(lists.upcoming.map((x) => x.id)).toEqual(['soon', 'later-mine']);
    expect(lists.replays.map((x) => x.id)).toEqual(['now', 'past-mine', 'older']);
    expect(lists.mine.map((x) => x.id)).toEqual(['past-mine', 'later-mine']);
  });
});

describe('webinar figures (SPEC §9)', () => {
  it('places left = places minus registrations, never below zero', () => {
    expect(placesLeft(30, 29)).toBe(1);
    expect(placesLeft(30, 31)).toBe(0);
  });
  it('durations as hours and minutes', () => {
    expect(formatWebinarDuration(90)).toBe('1 h 30');
    expect(formatWebinarDuration(45)).toBe('45 min');
    expect(formatWebinarDuration(120)).toBe('2 h');
    expect(formatWebinarDuration(65)).toBe('1 h 05');
  });
  it('the join link opens 15 minutes before the start and closes at the end', () => {
    const at = (iso: string) => Date.parse(iso);
    const webinar = { start: '2026-11-26T10:00:00.000Z', duration: 60 };
    expect(isJoinOpen(webinar, at('2026-11-26T09:44:00.000Z'))).toBe(false);
    expect(isJoinOpen(webinar, at('2026-11-26T09:45:00.000Z'))).toBe(true);
    expect(isJoinOpen(webinar, at('2026-11-26T10:59:59.000Z'))).toBe(true);
    expect(isJoinOpen(webinar, at('2026-11-26T11:00:00.000Z'))).toBe(false);
  });
});

describe('webinarIcs (RFC 5545)', () => {
  it('writes one event with escaped texts, UTC times and folded lines', () => {
    const ics = webinarIcs(
      {
        _id: 'abc',
        topic: 'Breaking bad news; a workshop, with role play',
        blurb: 'Line one\nline two',
        start: '2026-12-01T17:30:00.000Z',
        duration: 90,
      },
      { joinUrl: 'https://meet.example/j/123', stamp: '2026-11-26T10:00:00.000Z' },
    );
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20261201T173000Z');
    expect(lines).toContain('DTEND:20261201T190000Z');
    expect(lines).toContain('SUMMARY:Breaking bad news\\; a workshop\\, with role play');
    expect(ics).toContain('DESCRIPTION:Line one\\nline two\\n\\nhttps://meet.example/j/123');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(75);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
