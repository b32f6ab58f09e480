/** Business constants of SPEC §9 and §1 shared by the server and the web app. */
export const APP_VERSION = '2.15.4';
/** SPEC §9: idle timeout 30 minutes. */
export const IDLE_TIMEOUT_MS = 1_800_000;
/** SPEC §9: auth cookie 305 minutes when set by sign-up or single sign-on. */
export const AUTH_COOKIE_MINUTES = 305;
/** SPEC §9: refresh cookie 365 days. */
export const REFRESH_COOKIE_DAYS = 365;
/** SPEC §7: groups data cached in local storage for one day. */
export const GROUPS_CACHE_MS = 24 * 60 * 60 * 1000;
/** SPEC §9: breakpoints. */
export const BREAKPOINT_NARROW = 450;
export const BREAKPOINT_MOBILE = 900;
/** SPEC §6: learners are user type 4; companies with their own access code are type 2. */
export const USER_TYPE_LEARNER = 4;
export const COMPANY_TYPE_WITH_CODE = 2;
/** SPEC §6: placement answers threshold for loginBlocked companies. */
export const LOGIN_BLOCKED_ANSWERS = 60;
/** SPEC §7: account creation is made with typeSite=1. */
export const TYPE_SITE = 1;
/** SPEC §9: an audio question can be played at most twice. */
export const AUDIO_MAX_PLAYS = 2;
/** SPEC §9: the placement test takes about 45 minutes, in 3 parts. */
export const PLACEMENT_MINUTES = 45;
/** SPEC §9: the tutorial has 3 videos. */
export const TUTORIAL_VIDEOS = 3;
/** SPEC §9: study time is sent every 30 s while the learner is active. */
export const STUDY_BEAT_SECONDS = 30;
/**
 * Issue 32: the most one study-time beat may claim (a late beat claims the time since the previous
 * one); the server credits far less (two beats, trackers/heartbeat-rules.ts), a larger claim is refused.
 */
export const STUDY_BEAT_MAX_CLAIM_SECONDS = 3_600;
/**
 * Issue 32: a learner's study time in a group, in seconds, cannot reach ten years spent around the
 * clock; the bound of the totals a client sends, well within PostgreSQL's integer.
 */
export const STUDY_TIME_MAX_SECONDS = 10 * 365 * 24 * 60 * 60;

/** 'Plus tard' on the satisfaction survey puts it off for this many days (issue 10), on the server. */
export const SURVEY_LATER_DAYS = 7;

/**
 * Roles (issue 11): a learner; a teacher of some groups; a manager, an institution's administrator
 * scoped to their company; an admin of the whole platform. Carried in the access token.
 */
export const ROLES = ['learner', 'teacher', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** SPEC §9: a quiz exam lasts 90 minutes unless its pool says otherwise, plus additionalTime. */
export const EXAM_DEFAULT_MINUTES = 90;
/** SPEC §9: the exam timer is saved to the server every 15 s. */
export const EXAM_SYNC_MS = 15_000;
/**
 * Issue 32: the seconds left the browser reports for an exam (its timer) are at most a day — a
 * pool lasts 600 minutes at most (exams/pool.schema.ts) — plus a day of the learner's extra time.
 */
export const EXAM_TIMER_MAX_SECONDS = 2 * 24 * 60 * 60;
/** SPEC §3 Group elearningOptions: the exam types, 0 none, 1 quiz, 2 written answer, 3 group exam. */
export const EXAM_TYPE_MAX = 3;
/** SPEC §9: the warning dialog opens with 5 minutes left. */
export const EXAM_WARNING_MINUTES = 5;
/**
 * Issue 12: answers still count when they reach the server up to a minute after the deadline (a
 * slow link, a queue flushed on reconnection); after that they are refused.
 */
export const EXAM_GRACE_MS = 60_000;
/** Issue 12: the browser's countdown is corrected when it is this far from the server's. */
export const EXAM_CLOCK_TOLERANCE_MS = 3_000;
/** SPEC §5 "File upload": the document types an abstract upload (exam type 3) accepts. */
export const UPLOAD_EXTENSIONS = ['odt', 'pdf', 'doc', 'docx'] as const;
/** Issue 13: an abstract is a few pages; 10 MB leaves room for figures. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * SPEC §5: the server's answer to a stored upload; the app shows 'Fichier envoyé avec succès.' only
 * when it reads exactly this, and 'Echec de l'envoi…' otherwise. A protocol token, not a text shown.
 */
export const UPLOAD_SUCCESS_ANSWER = 'File uploaded successfully.';

/** SPEC §2 "/evaluo": the provider's state name of a learner whose copy is in ('Voir copie'). */
export const EVALUO_DONE_STATE = 'Terminé';
