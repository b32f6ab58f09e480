import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorCatalogue, messages } from '@medenglish/shared';
import { useCourseModules } from '../../api/modules';
import { useCatalogueToast } from '../../components/use-catalogue-toast';
import { visuallyHidden } from '../../components/visually-hidden';
import { ModulesLoadError } from './load-error';
import { ModuleCard } from './module-card';
import type { LearnerContext } from '../../lib/use-learner';
import { WithCurrentGroup } from './with-current-group';
import { cardGrid } from '../../components/card-grid';

const t = messages.elearning;

/** SPEC §2 /elearning/course: a card per module of the current group, in course order. */
export default function CoursePage() {
  return (
    <WithCurrentGroup skeleton={<ModuleCardsSkeleton />}>
      {(context) => <ModuleCards {...context} />}
    </WithCurrentGroup>
  );
}

function ModuleCards({ user, group }: LearnerContext) {
  const modules = useCourseModules(user._id, group._id);
  useCatalogueToast(modules.isError, errorCatalogue.missingUnits);

  if (modules.isPending) return <ModuleCardsSkeleton />;
  if (!modules.data) {
    return <ModulesLoadError query={modules} />;
  }
  if (modules.data.length === 0) return <Typography color="text.secondary">{t.noModules}</Typography>;
  return (
    <Box component="ul" sx={cardGrid}>
      {modules.data.map((module) => (
        <li key={module._id}>
          <ModuleCard module={module} />
        </li>
      ))}
    </Box>
  );
}

/** The cards' shape while the modules load (a skeleton, no spinner). */
function ModuleCardsSkeleton() {
  return (
    <Box aria-busy="true">
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Box sx={cardGrid} data-testid="modules-skeleton">
        {[0, 1, 2].map((i) => (
          <Card key={i} variant="outlined">
            <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }} />
            <CardContent>
              <Skeleton variant="text" width="70%" sx={{ fontSize: '1.25rem' }} />
              <Skeleton variant="text" width="30%" />
              <Skeleton variant="rounded" height={8} sx={{ mt: 1 }} />
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
