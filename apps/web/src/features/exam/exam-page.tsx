import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import {
  EXAM_DEFAULT_MINUTES,
  errorCatalogue,
  extraMinutes,
  messages,
  type ExamAttempt,
  type PoolSummary,
  type User,
  type WrittenExam,
} from '@medenglish/shared';
import { useGroups } from '../../api/groups';
import { useServerTime } from '../../api/time';
import { useCurrentUser } from '../../api/user';
import { useCompany } from '../../api/company';
import { ContentUnavailable } from '../../components/content-unavailable';
import { LazyFallback } from '../../components/lazy-fallback';
import { useToast } from '../../components/toast';
import { api } from '../../lib/api';
import { errorMessage, isApiError } from '../../lib/api-error';
import { getSessionInfo } from '../../lib/session';
import { examResultsQuery, useExamResults } from '../../api/exam-results';
import { useWrittenResults, writtenResultsQuery } from '../../api/written-results';
import { openWritten } from './written-api';
import { WrittenExamView } from './written-exam-view';
import { startExam } from './exam-api';
import { examEntries } from './exam-entries';
import { ExamEntryCard } from './exam-entry-card';
import { ExamSessionView } from './exam-session-view';

const t = messages.exam;

/**
 * SPEC §2 /elearning/exam (issue 12): the learner's exams, and the quiz exam being taken. The exam
 * being taken is in the address (?exam=pool&group=id), so a reload lands back in it, with the time
 * still running on the server.
 */
export default function ExamPage() {
  const userId = getSessionInfo()?.userId ?? '';
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const poolId = params.get('exam');
  const writtenFile = params.get('written');
  const groupId = params.get('group');
  const time = useServerTime();
  const timeZone = time.data?.timeZone ?? 'Europe/Paris';

  if (!user) return <ExamSkeleton />;
  if (writtenFile && groupId) {
    return (
      <WrittenRunner
        key={`${writtenFile}-${groupId}`}
        user={user}
        examFile={writtenFile}
        groupId={groupId}
        timeZone={timeZone}
        onLeave={() => setParams({}, { replace: true })}
      />
    );
  }
  if (poolId && groupId) {
    return (
      <ExamRunner
        key={`${poolId}-${groupId}`}
        user={user}
        poolId={poolId}
        groupId={groupId}
        timeZone={timeZone}
        onLeave={() => setParams({}, { replace: true })}
      />
    );
  }
  return (
    <ExamList
      user={user}
      userId={userId}
      timeZone={timeZone}
      serverNow={time.data?.now}
      onStart={(exam, group) =>
        setParams(exam.type === 2 ? { written: exam.key, group } : { exam: exam.key, group })
      }
    />
  );
}

/** The offset of the server's clock from the browser's, from the last GET /time. */
function useServerNow(serverNow: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setOffset(Date.parse(serverNow) - Date.now());
  }, [serverNow]);
  // Minute by minute: the countdown badges and the open/closed states follow.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

function ExamList({
  user,
  userId,
  timeZone,
  serverNow,
  onStart,
}: {
  user: User;
  userId: string;
  timeZone: string;
  serverNow: string | undefined;
  onStart(exam: { type: number; key: string }, groupId: string): void;
}) {
  const groups = useGroups(userId);
  const attempts = useExamResults(userId);
  const written = useWrittenResults(userId);
  const company = useCompany(user.company);
  const now = useServerNow(serverNow);
  const entries = useMemo(
    () => (groups.data ? examEntries(groups.data, user, attempts.data ?? [], now, written.data ?? []) : []),
    [groups.data, user, attempts.data, now, written.data],
  );
  const pools = useQueries({
    queries: [
      ...new Set(entries.flatMap((e) => (e.exam.type === 1 && e.exam.activityId ? [e.exam.activityId] : []))),
    ].map((pool) => ({
      queryKey: ['qpool', pool],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<PoolSummary>(`/qpool/${encodeURIComponent(pool)}`, { signal }),
      staleTime: 60 * 60 * 1000,
    })),
  });
  const summaries = new Map(pools.flatMap((p) => (p.data ? [[p.data.poolId, p.data] as const] : [])));
  const { showCatalogueError } = useToast();
  const failed = groups.isError || attempts.isError;
  useEffect(() => {
    // SPEC §8 1801 'Missing exam data'.
    if (failed) showCatalogueError(errorCatalogue.missingExam);
  }, [failed, showCatalogueError]);

  if (groups.isPending || attempts.isPending) return <ExamSkeleton />;
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void Promise.all([groups.refetch(), attempts.refetch()])}>
            {messages.placement.retry}
          </Button>
        }
      >
        {errorCatalogue.missingExam.message}
      </Alert>
    );
  }
  if (groups.data.length === 0) return <ContentUnavailable />;
  if (entries.length === 0) return <Alert severity="info">{t.noExamPlanned}</Alert>;
  const extra = extraMinutes(user);
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      {entries.map((entry) => (
        <ExamEntryCard
          key={entry.key}
          entry={entry}
          now={now}
          timeZone={timeZone}
          extraMinutes={extra}
          durationMinutes={
            summaries.get(entry.exam.activityId ?? '')?.durationMinutes ?? EXAM_DEFAULT_MINUTES
          }
          name={entry.exam.type === 1 ? summaries.get(entry.exam.activityId ?? '')?.name : undefined}
          upload={
            entry.exam.type === 3 && company.data
              ? { place: { companyName: company.data.name, groupName: entry.groupName }, user }
              : undefined
          }
          onStart={() =>
            onStart(
              {
                type: entry.exam.type,
                key: (entry.exam.type === 2 ? entry.exam.examSubject?.examFile : entry.exam.activityId) ?? '',
              },
              entry.groupId,
            )
          }
        />
      ))}
    </Stack>
  );
}

/** Starts (or resumes) the attempt, then the exam itself. */
function ExamRunner({
  user,
  poolId,
  groupId,
  timeZone,
  onLeave,
}: {
  user: User;
  poolId: string;
  groupId: string;
  timeZone: string;
  onLeave(): void;
}) {
  const queryClient = useQueryClient();
  const start = useMutation({ mutationFn: () => startExam(poolId, user._id, groupId) });
  const [attempt, setAttempt] = useState<ExamAttempt | null>(null);
  const { mutate } = start;
  const { showCatalogueError } = useToast();
  useEffect(() => {
    mutate(undefined, {
      onSuccess: setAttempt,
      // The server's refusals (not open, closed, not this learner's) say why on the screen; any
      // other failure is also SPEC §8 2001 'Error posting exam'.
      onError: (error) => {
        if (!isApiError(error) || error.status === 0 || error.status >= 500)
          showCatalogueError(errorCatalogue.postExam);
      },
    });
  }, [mutate, showCatalogueError]);

  const leave = () => {
    void queryClient.invalidateQueries({ queryKey: examResultsQuery(user._id).queryKey });
    onLeave();
  };

  if (start.isError) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <Alert severity="error" role="alert">
          {errorMessage(start.error)}
        </Alert>
        <Button variant="outlined" onClick={leave} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          {messages.placement.continue}
        </Button>
      </Stack>
    );
  }
  if (!attempt) return <LazyFallback />;
  return (
    <Stack sx={{ maxWidth: 760, mx: 'auto', width: '100%', pb: 2 }}>
      <ExamSessionView attempt={attempt} userId={user._id} timeZone={timeZone} onDone={leave} />
    </Stack>
  );
}

function ExamSkeleton() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }} aria-hidden>
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={180} />
    </Stack>
  );
}

/** Opens the written exam (the server stores the begin time the first time), then the exam itself. */
function WrittenRunner({
  user,
  examFile,
  groupId,
  timeZone,
  onLeave,
}: {
  user: User;
  examFile: string;
  groupId: string;
  timeZone: string;
  onLeave(): void;
}) {
  const queryClient = useQueryClient();
  const reference = useMemo(
    () => ({ examFile, groupId, userId: user._id, companyId: user.company }),
    [examFile, groupId, user._id, user.company],
  );
  const open = useMutation({ mutationFn: () => openWritten(reference) });
  const [exam, setExam] = useState<WrittenExam | null>(null);
  const { mutate } = open;
  const { showCatalogueError } = useToast();
  useEffect(() => {
    mutate(undefined, {
      onSuccess: setExam,
      onError: (error) => {
        if (!isApiError(error) || error.status === 0 || error.status >= 500)
          showCatalogueError(errorCatalogue.missingExam);
      },
    });
  }, [mutate, showCatalogueError]);

  const leave = () => {
    void queryClient.invalidateQueries({ queryKey: writtenResultsQuery(user._id).queryKey });
    onLeave();
  };

  if (open.isError) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <Alert severity="error" role="alert">
          {errorMessage(open.error)}
        </Alert>
        <Button variant="outlined" onClick={leave} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          {messages.placement.continue}
        </Button>
      </Stack>
    );
  }
  if (!exam) return <LazyFallback />;
  return (
    <Stack sx={{ maxWidth: 860, mx: 'auto', width: '100%', pb: 2 }}>
      <WrittenExamView initial={exam} reference={reference} timeZone={timeZone} onDone={leave} />
    </Stack>
  );
}
