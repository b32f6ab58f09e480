import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, type CourseModule } from '@medenglish/shared';

/** SPEC §2: the module's default view — its summary, then each objective with a numbered list. */
export function ObjectivesView({ module }: { module: Pick<CourseModule, 'summary' | 'objectives'> }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={{ maxWidth: '72ch' }}>
      <Typography id={headingId} component="h3" variant="h6" sx={{ fontWeight: 700 }}>
        {messages.elearning.objectives}
      </Typography>
      {module.summary && <Typography>{module.summary}</Typography>}
      {module.objectives.map((objective, i) => (
        <div key={i}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {objective.title}
          </Typography>
          <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3, '& > li + li': { mt: 0.5 } }}>
            {objective.content.map((item, j) => (
              <li key={j}>
                <Typography component="span">{item}</Typography>
              </li>
            ))}
          </Box>
        </div>
      ))}
    </Stack>
  );
}
