import { useId, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { messages } from '@medenglish/shared';
import { TabList } from '../../components/tab-list';
import { visuallyHidden } from '../../components/visually-hidden';
import { EventIcon } from './dashboard-icons';
import { CardBodySkeleton, SectionCard } from '../../components/section-card';
import { CoursePanel, SemesterPanel } from './calendar-panels';
import { ExamsPanel } from './exams-panel';
import { LatestExamResult } from './latest-exam-result';
import type { DashboardContext } from './use-dashboard-context';
import { useUpcomingExams } from './use-upcoming-exams';

type TabName = 'calendar' | 'exams';
type TabIds = { tab: string; panel: string };
const t = messages.dashboard;

/** A tab's panel: always there, so that its tab's aria-controls names an element; empty while hidden. */
function TabPanel({ ids, selected, children }: { ids: TabIds; selected: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} hidden={!selected} sx={{ pt: 0.5 }}>
      {selected && children}
    </Box>
  );
}

/**
 * SPEC §2/§4 semester or course card: tabs Semesters (Course for a company account) and Exams with
 * a count badge; it opens on Exams whenever upcoming exams exist, until the learner picks a tab.
 */
export function SemesterCard({ user, company, group, today, timeZone }: DashboardContext) {
  const baseId = useId();
  const isCompany = company?.isCompany ?? false;
  const { exams, isPending } = useUpcomingExams(user, today, timeZone);
  const [chosen, setChosen] = useState<TabName | null>(null);
  const tab: TabName = chosen ?? (exams.length > 0 ? 'exams' : 'calendar');
  const ids = (name: TabName): TabIds => ({ tab: `${baseId}-${name}-tab`, panel: `${baseId}-${name}-panel` });

  return (
    <SectionCard title={isCompany ? t.courseCard : t.semesterCard} icon={EventIcon}>
      <TabList<TabName>
        value={tab}
        onChange={setChosen}
        tabs={[
          {
            value: 'calendar',
            id: ids('calendar').tab,
            panelId: ids('calendar').panel,
            label: isCompany ? t.courseTab : t.semestersTab,
          },
          {
            value: 'exams',
            id: ids('exams').tab,
            panelId: ids('exams').panel,
            label: (
              <Badge
                badgeContent={exams.length}
                color="secondary"
                showZero
                slotProps={{ badge: { 'aria-hidden': true } }}
                sx={[
                  { pr: 1.5 },
                  // No exam: a quiet grey badge rather than the accent colour.
                  exams.length === 0 && {
                    '& .MuiBadge-badge': { bgcolor: 'action.selected', color: 'text.primary' },
                  },
                ]}
              >
                {t.examsTab}
                {/* The badge is drawn for the eyes; this says it in words, after the visible label. */}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t.upcomingExamsCount(exams.length)})`}
                </Box>
              </Badge>
            ),
          },
        ]}
      />
      <TabPanel ids={ids('calendar')} selected={tab === 'calendar'}>
        {isCompany ? (
          <CoursePanel group={group} />
        ) : (
          <SemesterPanel companyId={user.company} semester={user.semester} today={today} />
        )}
      </TabPanel>
      <TabPanel ids={ids('exams')} selected={tab === 'exams'}>
        {isPending ? <CardBodySkeleton /> : <ExamsPanel exams={exams} timeZone={timeZone} />}
        {tab === 'exams' && <LatestExamResult userId={user._id} timeZone={timeZone} />}
      </TabPanel>
    </SectionCard>
  );
}
