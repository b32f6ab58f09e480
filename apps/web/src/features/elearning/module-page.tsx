import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorCatalogue, messages, type CourseModule, type UnitInfo } from '@medenglish/shared';
import { useCourseModules } from '../../api/modules';
import { useCatalogueToast } from '../../components/use-catalogue-toast';
import { visuallyHidden } from '../../components/visually-hidden';
import { ArrowBackIcon } from './elearning-icons';
import { ModulesLoadError } from './load-error';
import { ModuleMenu } from './module-menu';
import { ObjectivesView } from './objectives-view';
import { UnitFrame } from './unit-frame';
import type { LearnerContext } from '../../lib/use-learner';
import { useOnWindowFocus } from './use-window-focus';
import {
  findModule,
  modulePath,
  openUnit,
  selectedUnitId,
  unitSearch,
  type CourseRouteState,
} from './unit-view';
import { WithCurrentGroup } from './with-current-group';

const t = messages.elearning;

/** While a unit is open its results arrive from the package through the LRS: read them this often. */
export const OPEN_UNIT_REFRESH_MS = 30_000;

/**
 * SPEC §2 /elearning/course/{moduleName or moduleId}: the module's side menu and its objectives, or
 * the unit chosen in the menu (?unit=, route state {title, selectedUnit}) in its frame. A module
 * of a single unit has no menu: a back bar and the unit's frame.
 */
export default function ModulePage() {
  const { module: param = '' } = useParams();
  return (
    <WithCurrentGroup skeleton={<ModulePageSkeleton />}>
      {(context) => <ModuleScreen {...context} param={param} />}
    </WithCurrentGroup>
  );
}

function ModuleScreen({ user, group, param }: LearnerContext & { param: string }) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const selected = selectedUnitId(search, location.state);
  const isUnitOpen = (list: CourseModule[] | undefined) => {
    const found = list && findModule(list, param);
    return Boolean(found && openUnit(found, selected));
  };
  const modules = useCourseModules(user._id, group._id, {
    refetchInterval: (list) => (isUnitOpen(list) ? OPEN_UNIT_REFRESH_MS : false),
  });
  useCatalogueToast(modules.isError, errorCatalogue.missingUnits);
  useOnWindowFocus(() => void modules.refetch(), isUnitOpen(modules.data));

  // A link that only set the route state (the dashboard's last activity) gets the unit in the
  // address too, so that a reload or a shared link opens it again.
  const needsUnitInAddress = selected !== null && !search.get('unit');
  useEffect(() => {
    if (needsUnitInAddress) {
      navigate({ search: unitSearch(selected) }, { replace: true, state: location.state });
    }
  }, [needsUnitInAddress, selected, navigate, location.state]);

  if (modules.isPending) return <ModulePageSkeleton />;
  if (!modules.data) {
    return <ModulesLoadError query={modules} />;
  }
  const module = findModule(modules.data, param);
  if (!module) return <ModuleNotFound />;

  const unit = openUnit(module, selected);
  if (module.units.length === 1 && unit) {
    return (
      <UnitFrame
        key={unit._id}
        unit={unit}
        groupId={group._id}
        back={{ to: '/elearning/course', label: t.backToModules }}
        headingLevel="h2"
      />
    );
  }
  return <ModuleWithMenu module={module} groupId={group._id} unit={unit} />;
}

function ModuleWithMenu({
  module,
  groupId,
  unit,
}: {
  module: CourseModule;
  groupId: string;
  unit: UnitInfo | null;
}) {
  return (
    <Stack spacing={2}>
      <BackToModules />
      <Typography component="h2" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
        {module.name}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <ModuleMenu module={module} selectedUnit={unit?._id ?? null} />
        {unit ? (
          <UnitFrame
            key={unit._id}
            unit={unit}
            groupId={groupId}
            back={{
              to: modulePath(module),
              label: t.backToModule,
              state: { title: module.name } satisfies CourseRouteState,
            }}
            headingLevel="h3"
          />
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <ObjectivesView module={module} />
          </Paper>
        )}
      </Box>
    </Stack>
  );
}

function BackToModules() {
  return (
    <Link
      component={RouterLink}
      to="/elearning/course"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        alignSelf: 'flex-start',
        fontWeight: 600,
      }}
    >
      <ArrowBackIcon fontSize="small" />
      {t.backToModules}
    </Link>
  );
}

function ModuleNotFound() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography component="h2" variant="h2" gutterBottom>
        {messages.common.notFound}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t.moduleNotFound}</Typography>
      <BackToModules />
    </Paper>
  );
}

function ModulePageSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Skeleton variant="text" width={160} />
      <Skeleton variant="text" width={280} sx={{ fontSize: '1.6rem' }} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
        }}
      >
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    </Stack>
  );
}
