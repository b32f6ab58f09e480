import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { messages } from '@medenglish/shared';
import {
  BookIcon,
  CheckCircleIcon,
  DashboardIcon,
  ExamIcon,
  FolderIcon,
  GroupIcon,
  HelpIcon,
  LinkIcon,
  PersonIcon,
  ResultsIcon,
  SchoolIcon,
  TranslateIcon,
  VideocamIcon,
  VideoLibraryIcon,
} from '../../components/icons';

type Icon = ComponentType<SvgIconProps>;

export interface MenuLink {
  kind: 'link';
  to: string;
  label: string;
  icon: Icon;
  /** SPEC §2: Profile is in the menu only on narrow screens (below 900 px). */
  onlyInDrawer?: boolean;
  /** SPEC §2/§6: Evaluo needs the company's activatedEvaluo flag. */
  needsEvaluo?: boolean;
}

export interface MenuSection {
  kind: 'section';
  label: string;
  icon: Icon;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuSection;

const link = (to: string, icon: Icon, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  to,
  // Read when drawn, so the menu follows a change of language.
  get label() {
    return messages.pages[to] ?? to;
  },
  icon,
  ...extra,
});

/** The side menu of SPEC §2, in its order. */
export const menuEntries: MenuEntry[] = [
  link('/dashboard', DashboardIcon),
  link('/profile', PersonIcon, { onlyInDrawer: true }),
  link('/group', GroupIcon),
  {
    kind: 'section',
    get label() {
      return messages.shell.elearning;
    },
    icon: SchoolIcon,
    children: [link('/elearning/course', BookIcon), link('/elearning/resources', FolderIcon)],
  },
  link('/elearning/results', ResultsIcon),
  link('/elearning/exam', ExamIcon),
  link('/evaluo', CheckCircleIcon, { needsEvaluo: true }),
  link('/videos', VideoLibraryIcon),
  link('/webinaire', VideocamIcon),
  link('/glossary', TranslateIcon),
  link('/learning-links', LinkIcon),
  link('/help', HelpIcon),
];

/** The one entry of the menu while the placement test is under way. */
export const placementEntry: MenuLink = link('/test', ExamIcon);

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
