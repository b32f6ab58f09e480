import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { GroupIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { GroupFileList } from './group-file-list';
import type { DashboardContext } from './use-dashboard-context';

const t = messages.dashboard;

/**
 * SPEC §2 group card, shown when the learner's semester is the group's: the group name and its
 * distribution and meeting documents, each downloadable.
 */
export function GroupCard({ user, group, timeZone }: DashboardContext) {
  const files = { companyId: user.company, groupId: group._id, timeZone };
  return (
    <SectionCard title={t.groupCard} icon={GroupIcon}>
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{group.name}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <GroupFileList kind="distribution" title={t.distributionFiles} {...files} />
        <GroupFileList kind="meeting" title={t.meetingFiles} {...files} />
      </Box>
    </SectionCard>
  );
}
