import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@medenglish/shared';
import { NotificationBell } from './notification-bell';

const notes = (n: number): Notification[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    message: `Message ${i}`,
    created_at: '2026-03-01T10:00:00.000Z',
    range: 'Student',
  }));

describe('header notification bell (SPEC §2: bell with a count badge)', () => {
  it('names the button with the number its badge shows (WCAG 2.5.3 label in name)', () => {
    render(<NotificationBell notifications={notes(6)} />);
    const bell = screen.getByRole('button', { name: '6 notifications' });
    expect(bell).toHaveTextContent('6');
    // The visible text starts the name, so a voice command "click 6" finds it.
    expect(bell.getAttribute('aria-label')!.startsWith(bell.textContent!)).toBe(true);
  });

  it('lets a keyboard reach the list to scroll it', async () => {
    render(<NotificationBell notifications={notes(12)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: '12 notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = within(dialog).getByRole('list', { name: 'Notifications' });
    expect(list).toHaveAttribute('tabindex', '0');
  });

  it('says "99+" past 99, as the badge does', () => {
    render(<NotificationBell notifications={notes(120)} />);
    expect(screen.getByRole('button', { name: '99+ notifications' })).toHaveTextContent('99+');
  });
});
