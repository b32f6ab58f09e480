import { messages } from '@medenglish/shared';
import { FolderIcon } from '../../components/icons';
import { LinkCard } from './link-card';

const t = messages.dashboard;

/** SPEC §2: the card linking to the e-learning resources of the group. */
export function ResourcesCard() {
  return (
    <LinkCard
      title={t.resourcesCard}
      text={t.resourcesText}
      to="/elearning/resources"
      action={t.resourcesLink}
      icon={FolderIcon}
    />
  );
}
