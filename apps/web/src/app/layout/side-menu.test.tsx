import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { renderScreen } from '../../test/render';
import { SideMenu } from './side-menu';

function renderMenu({ narrow = false } = {}) {
  renderScreen(
    <SideMenu
      inDrawer={narrow}
      narrow={narrow}
      activatedEvaluo
      groups={[]}
      currentGroupId={undefined}
      onGroupChange={() => {}}
      onNavigate={() => {}}
    />,
  );
  return screen.getByRole('navigation', { name: messages.shell.mainNavigation });
}

/** Every child of every list is a list item (axe "list": <ul> holds only <li>). */
function expectListsOfItems(nav: HTMLElement) {
  const lists = nav.querySelectorAll('ul');
  expect(lists.length).toBeGreaterThan(0);
  for (const list of lists) for (const child of list.children) expect(child.tagName).toBe('LI');
}

describe('side menu (SPEC §2)', () => {
  it('holds only list items in its lists, the E-learning submenu open or closed', async () => {
    const nav = renderMenu();
    expectListsOfItems(nav);
    await userEvent.click(within(nav).getByRole('button', { name: messages.shell.elearning }));
    expect(within(nav).getByRole('link', { name: messages.pages['/elearning/course'] })).toBeVisible();
    expectListsOfItems(nav);
  });

  it('opens the submenu from the keyboard and tabs into its links', async () => {
    const user = userEvent.setup();
    const nav = renderMenu();
    const toggle = within(nav).getByRole('button', { name: messages.shell.elearning });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(nav).getByRole('link', { name: messages.pages['/elearning/course'] })).toHaveFocus();
  });

  it('holds only list items in the narrow screen extras (dark mode, logout)', () => {
    const nav = renderMenu({ narrow: true });
    expect(within(nav).getByRole('switch', { name: messages.shell.darkMode })).toBeInTheDocument();
    expectListsOfItems(nav);
  });
});
