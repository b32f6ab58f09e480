import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE, formatHoursMinutes, messages, objective, type Group } from '@medenglish/shared';
import { useServerTime } from '../../api/time';
import { ContentUnavailable } from '../../components/content-unavailable';
import { ExamIcon, FolderIcon } from '../../components/icons';
import { useCurrentGroup } from '../../lib/use-current-group';
import { GroupExams } from './group-exams';
import { TargetIcon } from './group-icons';

function GroupCard({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: ComponentType<SvgIconProps>;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Icon sx={{ color: 'primary.main' }} />
        <Typography id={id} component="h3" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

function ObjectiveCard({ group }: { group: Group }) {
  const { elearningDuration, elearningDurationTarget } = group.elearning;
  const target = objective(elearningDuration, elearningDurationTarget);
  return (
    <GroupCard id="group-objective-title" title={messages.group.objective} icon={TargetIcon}>
      {elearningDuration ? (
        <>
          <Typography sx={{ fontWeight: 700, fontSize: '2rem', fontVariantNumeric: 'tabular-nums' }}>
            {formatHoursMinutes(target.minutes)}
          </Typography>
          <Typography color="text.secondary">
            {messages.group.objectiveShare(target.percent, formatHoursMinutes(elearningDuration))}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">{messages.group.noObjective}</Typography>
      )}
    </GroupCard>
  );
}

function ResourcesCard({ group }: { group: Group }) {
  return (
    <GroupCard id="group-resources-title" title={messages.group.resources} icon={FolderIcon}>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
        {messages.group.resourcesCount(group.elearning.elearningResources.length)}
      </Typography>
      <Box sx={{ mt: 'auto' }}>
        <Link component={RouterLink} to="/elearning/resources" sx={{ fontWeight: 600 }}>
          {messages.group.seeResources}
        </Link>
      </Box>
    </GroupCard>
  );
}

/**
 * SPEC §2 /group: the current group (the header selector's choice) of the learner's company — its
 * name, semester or path, level, e-learning duration objective, planned exams and resources.
 */
export default function GroupPage() {
  const { group, isLoading, isError } = useCurrentGroup();
  const timeZone = useServerTime().data?.timeZone ?? DEFAULT_TIME_ZONE;

  if (isLoading) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="text" width={260} sx={{ fontSize: '1.6rem' }} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (!group) {
    return isError ? <Alert severity="error">{messages.group.loadFailed}</Alert> : <ContentUnavailable />;
  }

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h2" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
          {group.name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip
            color="primary"
            label={
              group.semester != null ? messages.group.semesterValue(group.semester) : messages.group.path
            }
          />
          <Chip variant="outlined" label={messages.group.levelValue(group.level)} />
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'stretch',
        }}
      >
        <ObjectiveCard group={group} />
        <ResourcesCard group={group} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <GroupCard id="group-exams-title" title={messages.group.exams} icon={ExamIcon}>
            <GroupExams options={group.elearning.elearningOptions} timeZone={timeZone} />
          </GroupCard>
        </Box>
      </Box>
    </Stack>
  );
}
