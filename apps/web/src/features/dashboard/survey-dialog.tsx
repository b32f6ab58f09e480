import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages, type User } from '@medenglish/shared';
import { OpenInNewIcon } from '../../components/icons';
import { visuallyHidden } from '../../components/visually-hidden';
import { useSurvey } from './use-survey';

const t = messages.dashboard;

/**
 * SPEC §2/§4 satisfaction survey prompt, as an accessible modal dialog. The focus starts on "later":
 * a stray Enter must not open an external tab.
 */
export function SurveyDialog({ user }: { user: Pick<User, '_id' | 'semester' | 'company'> }) {
  const titleId = useId();
  const textId = useId();
  const { survey, isOpen, answer, later } = useSurvey(user);
  return (
    <Dialog open={isOpen} onClose={later} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>{survey?.title || t.surveyTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t.surveyText}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={later} autoFocus>
          {t.surveyLater}
        </Button>
        <Button variant="contained" onClick={answer} endIcon={<OpenInNewIcon />}>
          {t.surveyAnswer}
          <Box component="span" sx={visuallyHidden}>
            {` ${messages.common.newTab}`}
          </Box>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
