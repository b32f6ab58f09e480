import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorCode, EVALUO_DONE_STATE, formatDateTime, messages, type EvaluoExam } from '@medenglish/shared';
import { useCompany } from '../../api/company';
import { useServerTime } from '../../api/time';
import { useCurrentUser } from '../../api/user';
import { errorMessage, isApiError } from '../../lib/api-error';
import { evaluoExamsQuery, resendConfirmation, signedEvaluoLink, type EvaluoLearner } from './evaluo-api';

const t = messages.evaluo;

/**
 * SPEC §2 "/evaluo" (issue 13): the learner's exams at the external provider — Nom, Début, Fin,
 * Durée and 'Voir copie' once their state is Terminé, else 'Passer examen', opening the provider in
 * a new tab. When the provider does not answer, the page says so and offers to try again.
 */
export default function EvaluoPage() {
  const { data: user } = useCurrentUser();
  const company = useCompany(user?.company);
  if (!user || company.isPending) return <EvaluoSkeleton />;
  if (company.data && !company.data.activatedEvaluo) return <Alert severity="info">{t.notActivated}</Alert>;
  if (user.semester === null || user.semester === undefined)
    return <Alert severity="info">{t.noSemester}</Alert>;
  return <EvaluoExams learner={{ ...user, semester: user.semester }} />;
}

function EvaluoSkeleton() {
  return (
    <Stack spacing={1} aria-hidden>
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

function EvaluoExams({ learner }: { learner: EvaluoLearner }) {
  const exams = useQuery(evaluoExamsQuery(learner));
  const time = useServerTime();
  const timeZone = time.data?.timeZone ?? 'Europe/Paris';
  const [notice, setNotice] = useState<string | null>(null);

  async function open(exam: EvaluoExam) {
    setNotice(null);
    // Opened during the click, so that no pop-up blocker stops it; the address follows.
    const tab = window.open('', '_blank');
    if (!tab) {
      setNotice(t.popupBlocked);
      return;
    }
    tab.opener = null;
    try {
      tab.location.href = await signedEvaluoLink(learner._id, exam.link);
    } catch (error) {
      tab.close();
      setNotice(errorMessage(error));
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Typography color="text.secondary">{t.intro}</Typography>
      {notice && (
        <Alert severity="error" role="alert">
          {notice}
        </Alert>
      )}
      {exams.isPending ? (
        <EvaluoSkeleton />
      ) : isApiError(exams.error, ErrorCode.EMAIL_UNCONFIRMED) ? (
        <ConfirmAddress />
      ) : exams.isError ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => void exams.refetch()} disabled={exams.isFetching}>
              {t.retry}
            </Button>
          }
        >
          {errorMessage(exams.error)}
        </Alert>
      ) : exams.data.length === 0 ? (
        <Alert severity="info">{t.empty}</Alert>
      ) : (
        <ExamTable exams={exams.data} timeZone={timeZone} onOpen={(exam) => void open(exam)} />
      )}
    </Stack>
  );
}

/**
 * Issue 32: the provider matches a learner by a confirmed address only, so an unconfirmed one is
 * asked to confirm it, and can have the link sent again from here.
 */
function ConfirmAddress() {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  async function resend() {
    setState('sending');
    try {
      await resendConfirmation();
      setState('sent');
    } catch {
      setState('failed');
    }
  }
  if (state === 'sent') return <Alert severity="success">{t.confirmationSent}</Alert>;
  return (
    <Alert
      severity={state === 'failed' ? 'warning' : 'info'}
      action={
        <Button color="inherit" onClick={() => void resend()} disabled={state === 'sending'}>
          {t.resendConfirmation}
        </Button>
      }
    >
      {t.confirmAddress}
    </Alert>
  );
}

/**
 * A real table (its caption, headers and cells for screen readers); on a phone each row is drawn
 * as a small card with its labels, as five columns do not fit 390 px.
 */
function ExamTable({
  exams,
  timeZone,
  onOpen,
}: {
  exams: EvaluoExam[];
  timeZone: string;
  onOpen(exam: EvaluoExam): void;
}) {
  const headers = [t.name, t.begin, t.end, t.duration, t.action];
  return (
    <Box
      component="table"
      role="table"
      sx={(theme) => ({
        width: '100%',
        borderCollapse: 'collapse',
        '& caption': { textAlign: 'left', fontWeight: 700, mb: 1 },
        '& th, & td': {
          textAlign: 'left',
          p: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          verticalAlign: 'middle',
        },
        '& th': { color: 'text.secondary', fontWeight: 600 },
        '& td.num': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
        [theme.breakpoints.down('sm')]: {
          '& thead': {
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clipPath: 'inset(50%)',
          },
          '& tr': {
            display: 'block',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            mb: 2,
            p: 1,
          },
          '& td': { display: 'flex', gap: 2, justifyContent: 'space-between', border: 0, py: 0.75 },
          '& td::before': { content: 'attr(data-label)', color: 'text.secondary', fontWeight: 600 },
          '& td.name': { display: 'block', fontWeight: 700 },
          '& td.name::before': { content: 'none' },
        },
      })}
    >
      <caption>{t.caption}</caption>
      <thead>
        <tr role="row">
          {headers.map((h) => (
            <th key={h} scope="col" role="columnheader">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {exams.map((exam) => {
          const label = exam.stateName === EVALUO_DONE_STATE ? t.seeCopy : t.takeExam;
          return (
            <tr key={exam.id} role="row">
              <td role="cell" className="name" data-label={t.name}>
                {exam.name}
              </td>
              <td role="cell" className="num" data-label={t.begin}>
                {formatDateTime(exam.start, timeZone)}
              </td>
              <td role="cell" className="num" data-label={t.end}>
                {formatDateTime(exam.end, timeZone)}
              </td>
              <td role="cell" className="num" data-label={t.duration}>
                {messages.exam.minutes(exam.durationMinutes)}
              </td>
              <td role="cell" data-label={t.action}>
                <Button
                  variant={label === t.takeExam ? 'contained' : 'outlined'}
                  onClick={() => onOpen(exam)}
                  aria-label={t.opensInNewTab(label, exam.name)}
                  sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
                >
                  {label}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Box>
  );
}
