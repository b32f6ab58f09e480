import { useId } from 'react';
import { useNavigate } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { messages, type CourseModule, type ModuleUnit } from '@medenglish/shared';
import { ExpandMoreIcon } from '../../components/icons';
import { visuallyHidden } from '../../components/visually-hidden';
import { UnitStatusText } from './unit-status';
import { formatTimeSpent, goToAction, unitLink, unitStatusView } from './unit-view';

const t = messages.elearning;
const r = t.results;

/**
 * SPEC §2 /elearning/results: one expandable panel per module (title and progress) listing its
 * units with status, score, time spent and a 'Go to Unit'/'Go to Quiz' button that opens the unit on
 * its module page (?unit= and the route state {title, selectedUnit}).
 */
export function ModuleResults({ module }: { module: CourseModule }) {
  const summaryId = useId();
  const percent = Math.round(module.progress * 10) / 10;
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h3' } }}>
      <AccordionSummary
        id={summaryId}
        aria-controls={`${summaryId}-units`}
        expandIcon={<ExpandMoreIcon />}
        sx={{
          '& .MuiAccordionSummary-content': { flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 },
        }}
      >
        <Typography component="span" sx={{ fontWeight: 700, flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
          {module.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '0 1 14rem', minWidth: 0 }}>
          {/* Inside the button a bar has no name: the percent written next to it says it. */}
          <LinearProgress
            aria-hidden
            variant="determinate"
            value={Math.min(100, Math.max(0, percent))}
            sx={{ flex: 1, height: 6, borderRadius: 3, minWidth: 64 }}
          />
          <Typography component="span" variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            <span style={visuallyHidden}>{t.moduleProgress(module.name, percent)}</span>
            <span aria-hidden>{messages.progress.percent(percent)}</span>
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-units`} sx={{ pt: 0 }}>
        {module.units.length === 0 ? (
          <Typography color="text.secondary">{r.noUnits}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {module.units.map((entry) => (
              <UnitResultRow key={entry.unit._id} module={module} entry={entry} />
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

function UnitResultRow({ module, entry }: { module: CourseModule; entry: ModuleUnit }) {
  const view = unitStatusView(entry);
  const action = goToAction(entry.unit.isFinalQuiz);
  const link = unitLink(module, entry.unit._id);
  const navigate = useNavigate();
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr) auto' },
      }}
    >
      <div>
        {entry.unit.isFinalQuiz && (
          <Typography
            variant="overline"
            sx={{ display: 'block', lineHeight: 1.6, color: 'primary.main', fontWeight: 700 }}
          >
            {t.chapterQuiz}
          </Typography>
        )}
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.unit.name}</Typography>
      </div>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          // Fixed widths from md up, so status, score and time line up from one unit to the next.
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, auto))', md: '10rem 4.5rem 6rem' },
          justifyContent: 'start',
          columnGap: 3,
          rowGap: 0.25,
          '& dt': { typography: 'caption', color: 'text.secondary', gridRow: 1 },
          '& dd': { m: 0, typography: 'body2', gridRow: 2 },
        }}
      >
        <dt>{r.status}</dt>
        <dd>
          <UnitStatusText view={view} />
        </dd>
        <dt>{r.score}</dt>
        <dd>{view.score === null ? r.noScore : messages.progress.percent(view.score)}</dd>
        <dt>{r.timeSpent}</dt>
        <dd>{formatTimeSpent(entry.time)}</dd>
      </Box>
      {/* A button (SPEC §2 "a 'Go to Unit/Quiz' button") that opens the unit with its route state. */}
      <Button
        variant="outlined"
        size="small"
        onClick={() => navigate(link.to, { state: link.state })}
        aria-label={r.goToLabel(action, entry.unit.name)}
        sx={{ justifySelf: { xs: 'start', md: 'end' }, whiteSpace: 'nowrap' }}
      >
        {action}
      </Button>
    </Box>
  );
}
