import { useCallback, useEffect, useRef, useState } from 'react';
import {
  countdownFrom,
  countdownRemaining,
  ErrorCode,
  errorCatalogue,
  EXAM_SYNC_MS,
  isWarningTime,
  minutesLeft,
  syncCountdown,
  type Countdown,
  type ExamAnswerInput,
  type ExamAttempt,
  type ExamAttemptStatus,
} from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { isApiError, NETWORK_FAILURE } from '../../lib/api-error';
import { clearQueue, readQueue, reconcileQueue, writeQueue } from './answer-queue';
import { saveExamAnswers, startExam, syncExamTimer } from './exam-api';

/** Queued answers are offered again this often while they wait (offline, a failed save). */
const RETRY_MS = 5_000;
/** The "connection restored" notice stays this long. */
const RESTORED_NOTICE_MS = 8_000;

export type Connection = 'online' | 'offline' | 'restored';

export interface ExamSession {
  attempt: ExamAttempt;
  /** Milliseconds left on the server's clock, as the browser counts it. */
  remaining: number;
  /** The question to answer now (answers acknowledged + answers queued). */
  position: number;
  /** Answers given but not yet acknowledged by the server. */
  pending: number;
  connection: Connection;
  /** Set once the server has the exam as sent. */
  result: ExamAttemptStatus | null;
  sending: boolean;
  /** Positions (1-based) of answers the server refused as too late. */
  lateAnswers: number[];
  /** The n of 'moins de {n} minutes' while the warning dialog is open. */
  warning: number | null;
  dismissWarning(): void;
  answer(selection: number[]): void;
  send(): void;
}

/**
 * One learner taking one quiz exam (issue 12). Time is the server's: the countdown runs towards
 * its deadline, checked every 15 s (SPEC §4 Timer). Every answer goes into a queue kept on the
 * device before anything else, then to the server, in order; a lost connection only delays it
 * (the queue is offered again every few seconds and when the browser is back online). At zero
 * the exam is sent with every answer given; the server refuses what arrives after its grace minute
 * and the learner is told which answers those were.
 */
export function useExamSession(initial: ExamAttempt, userId: string): ExamSession {
  const testId = initial.testId;
  const { showCatalogueError } = useToast();
  const saved = useRef(readQueue(testId));
  const [queue, setQueueState] = useState<ExamAnswerInput[]>(() =>
    reconcileQueue(saved.current.answers, initial.answered),
  );
  const queueRef = useRef(queue);
  const setQueue = useCallback((next: (q: ExamAnswerInput[]) => ExamAnswerInput[]) => {
    queueRef.current = next(queueRef.current);
    setQueueState(queueRef.current);
  }, []);
  const [acked, setAcked] = useState(initial.answered);
  const [countdown, setCountdown] = useState<Countdown>(() => countdownFrom(initial, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const [connection, setConnection] = useState<Connection>('online');
  const [result, setResult] = useState<ExamAttemptStatus | null>(initial.finishedAt ? initial : null);
  const [sending, setSending] = useState(false);
  const [lateAnswers, setLateAnswers] = useState<number[]>([]);
  const [warned, setWarned] = useState(saved.current.warned);
  const [warning, setWarning] = useState<number | null>(null);
  const finishWanted = useRef<{ time: number } | null>(null);
  const flushing = useRef(false);
  const flushRef = useRef<() => Promise<void>>(async () => undefined);
  const resultRef = useRef(result);
  resultRef.current = result;

  const remaining = result ? 0 : countdownRemaining(countdown, now);

  // The queue is on the device before it is on the wire: a reload, a crash or a dead battery
  // keeps every answer not yet acknowledged.
  useEffect(() => {
    if (result) clearQueue(testId);
    else writeQueue(testId, { answers: queue, warned });
  }, [queue, warned, result, testId]);

  const online = useCallback(() => setConnection((c) => (c === 'offline' ? 'restored' : c)), []);
  const finished = useCallback(
    (status: ExamAttemptStatus) => {
      setResult(status);
      setQueue(() => []);
      setSending(false);
    },
    [setQueue],
  );

  /** Sends the queue (and the exam, when wanted); one at a time, never two saves in flight. */
  const flush = useCallback(async () => {
    if (flushing.current || resultRef.current) return;
    const answers = queueRef.current;
    const finish = finishWanted.current;
    if (answers.length === 0 && !finish) return;
    flushing.current = true;
    let again = false;
    try {
      const status = await saveExamAnswers(testId, {
        answers,
        ...(finish ? { isFinished: true, time: finish.time } : {}),
      });
      online();
      setAcked(status.answered);
      setQueue((q) => reconcileQueue(q, status.answered));
      if (status.finishedAt) finished(status);
      // Answers given while this save was on its way go at once, not at the next retry.
      else if (queueRef.current.length > 0 || (finishWanted.current && !finish)) again = true;
    } catch (error) {
      if (isApiError(error, NETWORK_FAILURE)) {
        setConnection('offline');
      } else if (isApiError(error, ErrorCode.EXAM_TIME_UP) || isApiError(error, ErrorCode.CONFLICT)) {
        // Too late, or overtaken (another tab answered, the exam was sent elsewhere): the server's
        // attempt is the truth. What it does not have from the queue could not count.
        online();
        const attempt = await startExam(initial.poolId, userId, initial.groupId).catch(() => null);
        if (attempt) {
          setAcked(attempt.answered);
          const kept = reconcileQueue(queueRef.current, attempt.answered);
          if (attempt.finishedAt) {
            const lost = queueRef.current.filter((a) => a.position >= attempt.answered);
            setLateAnswers(lost.map((a) => a.position + 1));
            finished(attempt);
          } else {
            setQueue(() => kept);
          }
        }
      } else {
        // SPEC §8 1802 'Error sending exam'; the answers stay queued and are offered again.
        showCatalogueError(errorCatalogue.sendExam);
      }
    } finally {
      flushing.current = false;
    }
    if (again) void flushRef.current();
  }, [finished, initial.groupId, initial.poolId, online, setQueue, showCatalogueError, testId, userId]);

  flushRef.current = flush;

  // The clock on screen: once a second (the countdown itself is computed from the deadline).
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // SPEC §4 Timer: every 15 s the server's remaining time; it also says when another tab or the
  // deadline job sent the exam, and how many answers it has (another tab may have answered). The
  // interval reads the latest countdown and count through refs, so answering does not restart it.
  const countdownRef = useRef(countdown);
  countdownRef.current = countdown;
  const ackedRef = useRef(acked);
  ackedRef.current = acked;
  useEffect(() => {
    if (result) return;
    const sync = async () => {
      try {
        const left = countdownRemaining(countdownRef.current, Date.now());
        const status = await syncExamTimer(testId, Math.round(left / 1000));
        online();
        setCountdown((c) => syncCountdown(c, status, Date.now()));
        if (status.finishedAt) finished(status);
        else if (status.answered > ackedRef.current) {
          setAcked(status.answered);
          setQueue((q) => reconcileQueue(q, status.answered));
        }
      } catch (error) {
        if (isApiError(error, NETWORK_FAILURE)) setConnection('offline');
      }
    };
    const timer = setInterval(() => void sync(), EXAM_SYNC_MS);
    return () => clearInterval(timer);
  }, [finished, online, result, setQueue, testId]);

  // Waiting answers are offered again every few seconds, and at once when the browser says the
  // network is back.
  useEffect(() => {
    if (result) return;
    const retry = setInterval(() => void flush(), RETRY_MS);
    const back = () => void flush();
    const lost = () => setConnection('offline');
    window.addEventListener('online', back);
    window.addEventListener('offline', lost);
    return () => {
      clearInterval(retry);
      window.removeEventListener('online', back);
      window.removeEventListener('offline', lost);
    };
  }, [flush, result]);

  useEffect(() => {
    if (connection !== 'restored') return;
    const timer = setTimeout(() => setConnection('online'), RESTORED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [connection]);

  // SPEC §9: the warning at 5 minutes, once per attempt (a reload does not show it again).
  useEffect(() => {
    if (result || warned || !isWarningTime(remaining)) return;
    setWarned(true);
    setWarning(minutesLeft(remaining));
  }, [remaining, result, warned]);

  // SPEC §4: at zero the exam is sent, with every answer given.
  const timeUp = remaining <= 0 && !result;
  useEffect(() => {
    if (!timeUp || finishWanted.current) return;
    finishWanted.current = { time: 0 };
    setSending(true);
    void flush();
  }, [flush, timeUp]);

  const answer = useCallback(
    (selection: number[]) => {
      const position = acked + queueRef.current.length;
      const question = initial.questions[position];
      if (!question || resultRef.current) return;
      setQueue((q) => [
        ...q,
        { position, question: question._id, answerIndex: selection, answeredAt: new Date().toISOString() },
      ]);
      setConnection((c) => (c === 'restored' ? 'online' : c));
      void flush();
    },
    [acked, flush, initial.questions, setQueue],
  );

  const send = useCallback(() => {
    if (finishWanted.current) return;
    finishWanted.current = { time: Math.round(countdownRemaining(countdown, Date.now()) / 1000) };
    setSending(true);
    void flush();
  }, [countdown, flush]);

  return {
    attempt: initial,
    remaining,
    position: acked + queue.length,
    pending: queue.length,
    connection,
    result,
    sending: sending && !result,
    lateAnswers,
    warning,
    dismissWarning: () => setWarning(null),
    answer,
    send,
  };
}
