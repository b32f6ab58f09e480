import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { useGroupFiles } from '../../api/group-files';
import { visuallyHidden } from '../../components/visually-hidden';
import { ResourceCard } from './resource-card';
import { resourceItems } from './resources';
import type { LearnerContext } from '../../lib/use-learner';
import { useFileDownload } from '../../lib/use-file-download';
import { WithCurrentGroup } from './with-current-group';
import { cardGrid } from '../../components/card-grid';

/**
 * SPEC §2 /elearning/resources: the current group's downloadable pdf, ppt and video resources;
 * 'No additional documents have been added for this course.' when there are none (or when the list
 * cannot be read: SPEC §8 "Other failures are silent").
 */
export default function ResourcesPage() {
  return (
    <WithCurrentGroup skeleton={<ResourcesSkeleton />}>
      {(context) => <Resources {...context} />}
    </WithCurrentGroup>
  );
}

function Resources({ user, group }: LearnerContext) {
  const { data: files = [], isPending } = useGroupFiles('resources', user.company, group._id);
  const { download, isDownloading } = useFileDownload();
  if (isPending) return <ResourcesSkeleton />;
  const items = resourceItems(files, group.elearning.elearningResources);
  if (items.length === 0) {
    return <Typography color="text.secondary">{messages.elearning.resources.empty}</Typography>;
  }
  return (
    <Box component="ul" sx={cardGrid}>
      {items.map((item) => (
        <li key={item.file.id}>
          <ResourceCard
            item={item}
            isDownloading={isDownloading(item.file)}
            onDownload={() => void download(item.file)}
          />
        </li>
      ))}
    </Box>
  );
}

function ResourcesSkeleton() {
  return (
    <Box aria-busy="true">
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Box sx={cardGrid}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={260} />
        ))}
      </Box>
    </Box>
  );
}
