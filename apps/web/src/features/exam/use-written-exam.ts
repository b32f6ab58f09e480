import { useCallback, useEffect, useRef, useState } from 'react';
import {
  countdownFrom,
  countdownRemaining,
  ErrorCode,
  errorCatalogue,
  syncCountdown,
  type Countdown,
  type WrittenExam,
} from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { isApiError, NETWORK_FAILURE } from '../../lib/api-error';
import { readJson, removeStorage, storageKeys, writeJson } from '../../lib/storage';
import { openWritten, saveWrittenDraft, sendWrittenAnswer, type WrittenRef } from './written-api';

/** The draft goes to the server this long after the learner stops typing. */
const SAVE_AFTER_MS = 2_000;
/** SPEC §9: the written exam is checked every 30 s. */
const CHECK_MS = 30_000;
/** SPEC §9: the banner shows with 4 minutes left. */
const BANNER_MS = 4 * 60_000;

export type DraftState = 'saved' | 'saving' | 'local';

export interface WrittenSession {
  exam: WrittenExam;
  text: string;
  setText(text: string): void;
  remaining: number;
  draftState: DraftState;
  savedAt: string | null;
  /** The 4-minute banner. */
  ending: boolean;
  /** The time is up: the box is locked, the server sends the last draft. */
  timeUp: boolean;
  sending: boolean;
  sendError: string | null;
  send(): Promise<void>;
}

const localKey = (id: string) => `${storageKeys.examQueuePrefix}written.${id}`;

/**
 * One learner writing one written exam (SPEC §4, issue 13). The draft is kept on the device at every
 * keystroke and on the server two seconds after the learner pauses, and at each 30-second check,
 * which also brings the server's time. A draft newer on the device than on the server (written
 * offline, or before a crash) wins when the exam is opened again.
 */
export function useWrittenExam(
  initial: WrittenExam,
  ref: WrittenRef & { companyId: string },
): WrittenSession {
  const { showCatalogueError } = useToast();
  const local = useRef(readJson<{ text: string; at: string }>(localKey(initial._id)));
  const startText =
    local.current && (!initial.draftSavedAt || local.current.at > initial.draftSavedAt) && !initial.sentAt
      ? local.current.text
      : initial.draft;
  const [exam, setExam] = useState(initial);
  const [text, setTextState] = useState(startText);
  const textRef = useRef(startText);
  const [draftState, setDraftState] = useState<DraftState>(startText === initial.draft ? 'saved' : 'local');
  const [savedAt, setSavedAt] = useState(initial.draftSavedAt);
  const [countdown, setCountdown] = useState<Countdown>(() => countdownFrom(initial, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const dirty = useRef(startText !== initial.draft);
  const sent = Boolean(exam.sentAt);
  const remaining = sent ? 0 : countdownRemaining(countdown, now);
  const timeUp = !sent && remaining <= 0;

  const save = useCallback(async () => {
    if (sent) return;
    const current = textRef.current;
    setDraftState('saving');
    try {
      const saved = await saveWrittenDraft(ref, current);
      setSavedAt(saved.draftSavedAt);
      setCountdown((c) => syncCountdown(c, saved, Date.now()));
      if (textRef.current === current) {
        dirty.current = false;
        setDraftState('saved');
      }
    } catch (error) {
      setDraftState('local');
      if (isApiError(error, ErrorCode.EXAM_TIME_UP) || isApiError(error, ErrorCode.CONFLICT)) {
        // Sent elsewhere, or by the server at the end: read what it has.
        const fresh = await openWritten(ref).catch(() => null);
        if (fresh) setExam(fresh);
      } else if (!isApiError(error, NETWORK_FAILURE)) {
        showCatalogueError(errorCatalogue.postExam);
      }
    }
  }, [ref, sent, showCatalogueError]);

  const setText = useCallback(
    (next: string) => {
      if (sent || timeUp) return;
      textRef.current = next;
      setTextState(next);
      dirty.current = true;
      setDraftState('local');
      writeJson(localKey(initial._id), { text: next, at: new Date().toISOString() });
    },
    [initial._id, sent, timeUp],
  );

  // Two seconds after the last keystroke, the draft goes to the server.
  useEffect(() => {
    if (!dirty.current || sent) return;
    const timer = setTimeout(() => void save(), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, save, sent]);

  // SPEC §9: the check every 30 s (it saves what is unsaved and reads the server's time).
  useEffect(() => {
    if (sent) return;
    const timer = setInterval(() => void save(), CHECK_MS);
    const back = () => dirty.current && void save();
    window.addEventListener('online', back);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', back);
    };
  }, [save, sent]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // At zero the last draft is saved (within the server's grace minute); the server sends it.
  useEffect(() => {
    if (timeUp && dirty.current) void save();
  }, [timeUp, save]);

  useEffect(() => {
    if (sent) removeStorage(localKey(initial._id));
  }, [sent, initial._id]);

  const send = useCallback(async () => {
    setSending(true);
    setSendError(null);
    try {
      const result = await sendWrittenAnswer(ref, textRef.current);
      dirty.current = false;
      setExam(result);
    } catch (error) {
      setSendError(isApiError(error) ? error.message : null);
      if (!isApiError(error) || error.status === 0 || error.status >= 500)
        showCatalogueError(errorCatalogue.postExam);
      if (isApiError(error, ErrorCode.CONFLICT) || isApiError(error, ErrorCode.EXAM_TIME_UP)) {
        const fresh = await openWritten(ref).catch(() => null);
        if (fresh) setExam(fresh);
      }
    } finally {
      setSending(false);
    }
  }, [ref, showCatalogueError]);

  return {
    exam,
    text: sent ? (exam.answer ?? text) : text,
    setText,
    remaining,
    draftState,
    savedAt,
    ending: !sent && remaining > 0 && remaining <= BANNER_MS,
    timeUp,
    sending,
    sendError,
    send,
  };
}
