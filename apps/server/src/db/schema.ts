import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Tables of the platform. They are storage, not the API: services map rows to the shapes of
 * SPEC §3 (`_id`, `firstname`, `placementtest`…) in presenters.
 */
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  type: integer('type').notNull().default(2),
  isCompany: boolean('is_company').notNull().default(false),
  activatedEvaluo: boolean('activated_evaluo').notNull().default(false),
  loginBlocked: boolean('login_blocked').notNull().default(false),
  createdAt: createdAt(),
});

export const companySemesters = pgTable(
  'company_semesters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    semester: integer('semester').notNull(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    catchUpDate: date('catch_up_date', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.semester] })],
);

export const accessCodes = pgTable('access_codes', {
  id: id(),
  /** Stored upper-case; look-ups upper-case the input so codes are case-insensitive. */
  code: text('code').notNull().unique(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  needs: boolean('needs').notNull().default(false),
  placementtest: boolean('placementtest').notNull().default(true),
  createdAt: createdAt(),
});

export interface ElearningOptionRow {
  examBegin: string | null;
  examEnd: string | null;
  modality: string | null;
  catchUp: boolean;
  level: number;
  examSubject: { examFile: string | null } | null;
  activityId: string | null;
  type: number;
}

export interface ElearningResourceRow {
  title: string;
  filename: string;
  thumbnail: string | null;
}

export const groups = pgTable(
  'groups',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    semester: integer('semester'),
    level: integer('level').notNull().default(1),
    elearningDuration: integer('elearning_duration'),
    elearningDurationTarget: integer('elearning_duration_target'),
    /** Goal of the success-rate card (SPEC §9 "Goal shown is elearningTarget, default 100"). */
    elearningTarget: integer('elearning_target'),
    elearningOptions: jsonb('elearning_options').$type<ElearningOptionRow[]>().notNull().default([]),
    elearningResources: jsonb('elearning_resources').$type<ElearningResourceRow[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('groups_company_idx').on(t.companyId, t.semester, t.level)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null for an account that signs in only through single sign-on (issue 11). */
    passwordHash: text('password_hash'),
    firstname: text('firstname').notNull(),
    name: text('name').notNull(),
    type: integer('type').notNull().default(4),
    jobTitle: text('job_title'),
    phone: text('phone'),
    needs: jsonb('needs').$type<Record<string, boolean>>().notNull().default({}),
    semester: integer('semester'),
    catchUp: integer('catch_up')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    codeId: uuid('code_id').references(() => accessCodes.id, { onDelete: 'set null' }),
    placementtest: boolean('placementtest').notNull().default(true),
    additionalTime: integer('additional_time').notNull().default(0),
    additionalTimeOnce: integer('additional_time_once').notNull().default(0),
    testFinish: boolean('test_finish').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    evaluoId: text('evaluo_id'),
    /** When the learner answered the satisfaction survey (PUT /student/satisfaction/{id}). */
    satisfactionAt: timestamp('satisfaction_at', { withTimezone: true }),
    /** 'Plus tard' on the survey: not offered again before this day (YYYY-MM-DD, TZ_DISPLAY). */
    surveyLaterUntil: date('survey_later_until', { mode: 'string' }),
    /** The interface language the learner chose (issue 10): 'fr' or 'en'. */
    language: text('language').notNull().default('fr'),
    /** learner, teacher, manager or admin (issue 11; shared ROLES). */
    role: text('role').notNull().default('learner'),
    /** Set while the platform has suspended this account (issue 20): no sign-in, sessions end. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_company_idx').on(t.companyId),
    check('users_role_check', sql`${t.role} in ('learner', 'teacher', 'manager', 'admin')`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/** The groups a teacher teaches (DEMO.md: a teacher's scope is the groups it teaches). */
export const groupTeachers = pgTable(
  'group_teachers',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_teachers_user_idx').on(t.userId)],
);

/** A placement test model (SPEC §7 testModelId) and the intro texts of its three parts. */
export const placementModels = pgTable('placement_models', {
  id: text('id').primaryKey(),
  descriptionKN: text('description_kn').notNull(),
  descriptionRC: text('description_rc').notNull(),
  descriptionOC: text('description_oc').notNull(),
  /** The three intro texts in other interface languages ({ fr: { descriptionKN, … } }). */
  descriptionTranslations: jsonb('description_translations')
    .$type<Record<string, PartDescriptions>>()
    .notNull()
    .default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface PartDescriptions {
  descriptionKN: string;
  descriptionRC: string;
  descriptionOC: string;
}

/**
 * A finished placement test's scores (SPEC §9, 0–10) and, since issue 33, the standard errors of
 * their abilities in CEFR levels as the engine computes them (`se`) and as the doubt rules use
 * them (`seWidened`, decision 0039). Tests finished before have the four scores only.
 */
export interface StoredPlacementScores {
  scoreKN: number;
  scoreRC: number;
  scoreOC: number;
  total: number;
  se?: { KN: number; RC: number; OC: number; total: number };
  seWidened?: number;
}

export interface PlacementMediaRow {
  filename: string;
  type: 'img' | 'audio';
  audioAttribution?: string | null;
}

/** The question bank. `correct` is the key: it never leaves the server. */
export const placementQuestions = pgTable(
  'placement_questions',
  {
    id: id(),
    modelId: text('model_id')
      .notNull()
      .references(() => placementModels.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    category: text('category').$type<'KN' | 'RC' | 'OC'>().notNull(),
    type: text('type').$type<'mcq' | 'tof' | 'fillblank' | 'd&d'>().notNull(),
    level: text('level').$type<'A1' | 'A2' | 'B1' | 'B2' | 'C1' | 'C2'>().notNull(),
    subcategory: text('subcategory').notNull(),
    name: text('name').notNull(),
    passage: jsonb('passage').$type<{ title: string; text: string } | null>(),
    answers: jsonb('answers').$type<{ text: string }[]>().notNull(),
    correct: jsonb('correct').$type<number[]>().notNull(),
    /** Other answers English accepts as well (issue 17); null: only `correct`. */
    alsoCorrect: jsonb('also_correct').$type<number[][] | null>(),
    media: jsonb('media').$type<PlacementMediaRow | null>(),
    /** Calibrated difficulty on the CEFR ability scale (issue 17); null: from the writer's level. */
    difficulty: doublePrecision('difficulty'),
    /** Calibrated discrimination per CEFR level (issue 33); null: the scoring's common one. */
    discrimination: doublePrecision('discrimination'),
  },
  (t) => [uniqueIndex('placement_questions_key_idx').on(t.modelId, t.key)],
);

/** A learner's placement test: answers are saved one by one, scores once it is finished. */
export const placementTests = pgTable(
  'placement_tests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testModelId: text('test_model_id').notNull(),
    type: text('type'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** scoreKN, scoreRC, scoreOC, total (0–10) and, since issue 33, the standard errors. */
    scores: jsonb('scores').$type<StoredPlacementScores>(),
    level: text('level'),
    /** Plays per audio file, so that "at most twice" survives a reload (SPEC §9). */
    audioPlays: jsonb('audio_plays').$type<Record<string, number>>().notNull().default({}),
    /**
     * The test's design (issue 33): 1 for tests begun before options were shuffled and pretest
     * questions asked (they finish as they began), 2 since.
     */
    design: smallint('design').notNull().default(2),
    createdAt: createdAt(),
  },
  (t) => [
    index('placement_tests_user_idx').on(t.userId),
    // One test in progress per learner: two tabs starting at once get the same test.
    uniqueIndex('placement_tests_open_idx')
      .on(t.userId)
      .where(sql`finished_at IS NULL`),
  ],
);

export const placementAnswers = pgTable(
  'placement_answers',
  {
    id: id(),
    testId: uuid('test_id')
      .notNull()
      .references(() => placementTests.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answerIndex: jsonb('answer_index').$type<number[]>().notNull(),
    fakeIndex: jsonb('fake_index').$type<number[] | null>(),
    /** Decided on the server when the answer is saved. */
    isCorrect: boolean('is_correct').notNull().default(false),
    /**
     * 1 for the test's first answer, 2 for the second …: the adaptive order (issue 17) chooses
     * each question from the answers before it, so their order must survive answers saved in one
     * request or in the same millisecond. Null for answers saved before it existed.
     */
    sequence: integer('sequence'),
    /**
     * An unscored pretest question (issue 33): asked so that every question of the bank gets
     * answers for its calibration, left out of the learner's scores and of the adaptive order.
     */
    pretest: boolean('pretest').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('placement_answers_question_idx').on(t.testId, t.questionId)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Tokens of one login form a family; each use
 * replaces the token by a successor, and reusing a replaced token (outside a short grace period
 * for tabs refreshing at the same moment) revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Sessions ended before their access tokens expire (issue 20): every session of a user (blocked,
 * password reset) when `familyId` is null, or one session — a refresh-token family — at logout.
 * Each instance reads new rows every few seconds and refuses the access tokens they cover; rows
 * older than an access token's lifetime cover nothing any more and are purged.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    familyId: uuid('family_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('session_revocations_revoked_idx').on(t.revokedAt)],
);

/** Single-use, one-hour password reset tokens (hashed). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash)],
);

/** E-mail address confirmation tokens (hashed), sent at sign-up and by "send new mail". */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_confirmation_tokens_hash_idx').on(t.tokenHash)],
);

/** Every e-mail the platform sends, kept whether SMTP delivered it or not (offline default). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    /**
     * queued (waiting for its delivery job), sent (SMTP accepted it), kept (offline mode: never
     * leaves the outbox), failed (every attempt refused; `error` says why).
     */
    state: text('state').$type<'queued' | 'sent' | 'kept' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * The background jobs queue (integrations/jobs, decision 0014): a job runs when `run_at` has come,
 * on one instance at a time (claimed with FOR UPDATE SKIP LOCKED and a lease, `locked_until`);
 * a failure is retried later with back-off until `max_attempts`. A singleton key keeps a single
 * queued or running job per key (for instance one deadline job per exam attempt).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    uniqueIndex('jobs_singleton_idx')
      .on(t.singletonKey)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    message: text('message').notNull(),
    range: text('range').$type<'Student' | 'Group'>().notNull().default('Student'),
    /** Audience: a company, a group or one user; all null means every learner. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Study time per learner, group, unit and day (SPEC §7 unittrackers/timer), credited by the
 * heartbeats of the web app. group_id and unit_id are '' when the learner has none.
 */
export const studyTime = pgTable(
  'study_time',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull().default(''),
    unitId: text('unit_id').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId, t.unitId, t.day] })],
);

/** The last heartbeat of each learner: no beat is credited more than the time since the last. */
export const studyBeats = pgTable('study_beats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
});

/**
 * E-learning modules (SPEC §3 Module) and the groups that follow them. Issue 5 fills them from
 * xAPI packages; the dashboard reads them for completion and last activity.
 */
export const modules = pgTable('modules', {
  id: id(),
  /** Stable key of the content (package folder name), so a re-import updates the same row. */
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  /** One paragraph shown above the numbered objectives. */
  summary: text('summary').notNull().default(''),
  isRise: boolean('is_rise').notNull().default(false),
  objectives: jsonb('objectives').$type<{ title: string; content: string[] }[]>().notNull().default([]),
  thumbnail: text('thumbnail'),
  revisionFile: jsonb('revision_file').$type<{ fileName: string; title: string }[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const units = pgTable(
  'units',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    /** xAPI activity id of the package (tincan.xml): unique, the link with LRS statements. */
    activityId: text('activity_id').notNull().unique(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    thumbnail: text('thumbnail'),
    isFinalQuiz: boolean('is_final_quiz').notNull().default(false),
    isRise: boolean('is_rise').notNull().default(false),
    filename: text('filename'),
    launchPoint: text('launch_point'),
    /** Expected minutes of work. */
    time: integer('time'),
  },
  (t) => [index('units_module_idx').on(t.moduleId, t.position)],
);

export const groupModules = pgTable(
  'group_modules',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.moduleId] })],
);

export interface UnitResultRow {
  success: boolean | null;
  completion: boolean | null;
  score: { scaled: number | null; raw: number | null; max: number | null } | null;
}

/** A learner's result in a unit (SPEC §3 Unit verb and result), kept from LRS statements. */
export const unitResults = pgTable(
  'unit_results',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    verb: text('verb').$type<'completed' | 'passed' | 'failed' | 'attempted'>(),
    result: jsonb('result').$type<UnitResultRow>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.unitId] }),
    index('unit_results_latest_idx').on(t.userId, t.updatedAt),
  ],
);

/** The progress last computed for a learner in a group (SPEC §7 POST /progresstrackers). */
export const progressTrackers = pgTable(
  'progress_trackers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    completionRate: real('completion_rate').notNull(),
    successRate: real('success_rate').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** Satisfaction surveys (SPEC §3 Survey) for a company's learners, optionally one semester. */
export const surveys = pgTable('surveys', {
  id: id(),
  surveyLink: text('survey_link').notNull(),
  title: text('title').notNull(),
  audience: text('audience').$type<'Students'>().notNull().default('Students'),
  /** Null: every company. */
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  /** Null: every semester. */
  semester: integer('semester'),
  createdAt: createdAt(),
});

/** SPEC §3 Survey usersDone, one row per learner who opened the survey. */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

/** SPEC §3 Fun fact: the medical facts of the dashboard card. */
export const funFacts = pgTable('fun_facts', {
  id: id(),
  body: text('body').notNull().unique(),
  createdAt: createdAt(),
});

/** SPEC §3 News, by audience type (Students, Companies). */
export const news = pgTable(
  'news',
  {
    id: id(),
    message: text('message').notNull(),
    type: text('type').$type<'Students' | 'Companies'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('news_type_idx').on(t.type, t.createdAt)],
);

/** Files of a group (distribution, meeting documents, resources), stored by the storage adapter. */
export const groupFiles = pgTable(
  'group_files',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'distribution' | 'meeting' | 'resources'>().notNull(),
    name: text('name').notNull(),
    /** Key in the storage adapter. */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('group_files_group_idx').on(t.groupId, t.kind)],
);

/** Fixed-window counters shared by every instance (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Secrets generated once and shared by every instance (e.g. the token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The learning record store (xAPI 1.0.3 statements, DESIGN "/api/xapi"). The statement is kept
 * whole as stored (with `stored`, `authority`, `version`); the columns beside it are what the
 * GET filters query: the actor's identifier, the verb, the object activity, and the activities
 * and agents a statement relates to (for `related_activities` / `related_agents`).
 */
export const xapiStatements = pgTable(
  'xapi_statements',
  {
    id: uuid('id').primaryKey(),
    statement: jsonb('statement').$type<Record<string, unknown>>().notNull(),
    /** Canonical inverse functional identifier of the actor, e.g. `mbox:mailto:a@b.fr`. */
    actorKey: text('actor_key').notNull(),
    /** The object's key when the object is an Agent or identified Group (the `agent` filter). */
    objectAgentKey: text('object_agent_key'),
    verbId: text('verb_id').notNull(),
    /** The object's id when the object is an activity. */
    activityId: text('activity_id'),
    relatedActivities: text('related_activities').array().notNull(),
    relatedAgents: text('related_agents').array().notNull(),
    registration: uuid('registration'),
    /** When the object is a StatementRef: the statement it targets (voiding, filters). */
    refId: uuid('ref_id'),
    /** Set when a voiding statement voids this one. */
    voided: boolean('voided').notNull().default(false),
    /** The learner behind the credentials, when a launch stored it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    stored: timestamp('stored', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('xapi_statements_stored_idx').on(t.stored, t.id),
    index('xapi_statements_actor_idx').on(t.actorKey, t.stored),
    index('xapi_statements_object_agent_idx').on(t.objectAgentKey),
    index('xapi_statements_ref_idx').on(t.refId),
    index('xapi_statements_activity_idx').on(t.activityId, t.stored),
    index('xapi_statements_registration_idx').on(t.registration),
  ],
);

/** Bytes as PostgreSQL stores them; node-postgres reads bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * xAPI State API documents: any content type kept as bytes (Rise stores octet-stream), keyed
 * by activity, agent, state id and registration ('' when none).
 */
export const xapiState = pgTable(
  'xapi_state',
  {
    activityId: text('activity_id').notNull(),
    agentKey: text('agent_key').notNull(),
    stateId: text('state_id').notNull(),
    registration: text('registration').notNull().default(''),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    etag: text('etag').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.agentKey, t.registration, t.stateId] })],
);

/**
 * xAPI Agent Profile and Activity Profile documents (xAPI 1.0.3 §7.6, §7.5): kept like State
 * documents, as bytes with their content type, keyed by the agent's key (`kind` 'agent') or the
 * activity id (`kind` 'activity') and the profile id.
 */
export const xapiProfiles = pgTable(
  'xapi_profiles',
  {
    kind: text('kind').$type<'agent' | 'activity'>().notNull(),
    subject: text('subject').notNull(),
    profileId: text('profile_id').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    etag: text('etag').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject, t.profileId] })],
);

/**
 * Question pools of the quiz exams (SPEC §7 qpool, issue 12): a group's exam of type 1 names its
 * pool by `activityId`. Loaded from content files like the placement bank.
 */
export const questionPools = pgTable('question_pools', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** SPEC §9: 90 minutes unless the pool says otherwise; the learner's additionalTime is added. */
  durationMinutes: integer('duration_minutes').notNull().default(90),
  /** How many questions an attempt draws at random (null: all, in pool order unless shuffled). */
  drawCount: integer('draw_count'),
  /** Question and option order shuffled per attempt (stable for the attempt). */
  shuffle: boolean('shuffle').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pool's questions; `correct` is the key and never leaves the server. */
export const poolQuestions = pgTable(
  'pool_questions',
  {
    id: id(),
    poolId: text('pool_id')
      .notNull()
      .references(() => questionPools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    category: text('category').$type<'KN' | 'RC' | 'OC'>().notNull(),
    type: text('type').$type<'mcq' | 'tof' | 'fillblank' | 'd&d'>().notNull(),
    level: text('level').notNull(),
    subcategory: text('subcategory').notNull(),
    name: text('name').notNull(),
    passage: jsonb('passage').$type<{ title: string; text: string } | null>(),
    answers: jsonb('answers').$type<{ text: string }[]>().notNull(),
    correct: jsonb('correct').$type<number[]>().notNull(),
  },
  (t) => [uniqueIndex('pool_questions_key_idx').on(t.poolId, t.key)],
);

/** One question of an attempt, as the learner sees it: `options[shown] = index in the pool question`. */
export interface AttemptSlot {
  question: string;
  options: number[];
}

/**
 * A learner's sitting of a quiz exam (issue 12): one per learner, group and pool. The server's
 * start and deadline decide everything; the layout (questions drawn and their order, options
 * order) is fixed at the start so a reload or another device sees the same exam.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    poolId: text('pool_id')
      .notNull()
      .references(() => questionPools.id),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, precision: 3 }).notNull(),
    layout: jsonb('layout').$type<AttemptSlot[]>().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /** Who sent it: the learner, their browser at zero, or the deadline job. */
    finishedBy: text('finished_by').$type<'learner' | 'timer' | 'deadline'>(),
    scores: jsonb('scores').$type<{ correct: number; total: number; percent: number; outOf20: number }>(),
    /** The browser's last timer report (seconds left) and when it came: a sign of life. */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastClientTimer: integer('last_client_timer'),
    createdAt: createdAt(),
  },
  (t) => [
    // One attempt per learner and exam: two tabs starting at once get the same one.
    uniqueIndex('exam_attempts_one_idx').on(t.userId, t.groupId, t.poolId),
    index('exam_attempts_open_idx')
      .on(t.deadlineAt)
      .where(sql`finished_at IS NULL`),
  ],
);

/** The answers of an attempt, one per position; an acknowledged answer is a committed row. */
export const examAnswers = pgTable(
  'exam_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: uuid('question_id').notNull(),
    /** The options as the learner picked them (shown order). */
    shownIndex: jsonb('shown_index').$type<number[]>().notNull(),
    /** The same picks as indexes of the pool question, which the key is written in. */
    answerIndex: jsonb('answer_index').$type<number[]>().notNull(),
    isCorrect: boolean('is_correct').notNull(),
    /** On the server's clock. */
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The browser's claim, kept for the record (offline answers), never used to decide. */
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.position] })],
);

/**
 * A learner's written answer exam (type 2, issue 13; SPEC §3 "Written exam result"): begun when
 * first opened (the server's time), its draft saved as the learner types, sent once — by the
 * learner, or by the deadline job with the last draft. One per learner and exam.
 */
export const writtenAnswers = pgTable(
  'written_answers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The exam: the group's elearningOptions item of type 2 with this subject file (SPEC §7 examFile). */
    examFile: text('exam_file').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, precision: 3 }).notNull(),
    draft: text('draft').notNull().default(''),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true, precision: 3 }),
    /** The answer as sent; null until then. */
    answer: text('answer'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    sentBy: text('sent_by').$type<'learner' | 'deadline'>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('written_answers_one_idx').on(t.userId, t.groupId, t.examFile),
    index('written_answers_group_idx').on(t.groupId),
  ],
);

/**
 * SPEC §3 "Uploaded file": a learner's abstract for their group's exam of type 3 (issue 13). One
 * per learner and group (SPEC §4); deleting it (while the exam is open) frees the place for another.
 * The bytes are in storage under `storageKey`, private, served only at signed addresses.
 */
export const examUploads = pgTable(
  'exam_uploads',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The learner's own file name, as shown back to them and given to the download. */
    name: text('name').notNull(),
    kind: text('kind').$type<'odt' | 'pdf' | 'doc' | 'docx'>().notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exam_uploads_one_idx').on(t.userId, t.groupId),
    index('exam_uploads_group_idx').on(t.groupId),
  ],
);

/**
 * SPEC §3 "Glossary word" (issue 14): the words of the glossary, with an example sentence and the
 * speciality they belong to (PUT/DELETE /glossary/{id}). A word without a company is the
 * platform's, an admin's to change; a company's own word is its staff's, read by its learners only
 * (decision 0037). One card per word for every reader: unique among the platform's words and
 * within a company (the service also keeps a company's word from repeating a platform one).
 */
export const glossaryWords = pgTable(
  'glossary_words',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    translation: text('translation').notNull(),
    definition: text('definition').notNull(),
    example: text('example').notNull().default(''),
    speciality: text('speciality').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('glossary_words_word_idx')
      .on(sql`lower(${t.word})`)
      .where(sql`${t.companyId} IS NULL`),
    uniqueIndex('glossary_words_company_word_idx')
      .on(t.companyId, sql`lower(${t.word})`)
      .where(sql`${t.companyId} IS NOT NULL`),
  ],
);

/**
 * The glossary words a learner reviews (issue 14): each starred word's FSRS card (ts-fsrs, dates
 * as ISO strings) and when it is next due. The learner's own, on the server, so it follows them
 * from device to device.
 */
export const glossaryReviews = pgTable(
  'glossary_reviews',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => glossaryWords.id, { onDelete: 'cascade' }),
    card: jsonb('card').$type<Record<string, unknown>>().notNull(),
    due: timestamp('due', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.wordId] }),
    index('glossary_reviews_due_idx').on(t.userId, t.due),
  ],
);

/**
 * SPEC §3 Video: the video library (/videos). `key` names the content file it was loaded from, so
 * a reload updates it in place; files live in storage under resources/video and thumbnail.
 */
export const videos = pgTable('videos', {
  id: id(),
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  filename: text('filename').notNull(),
  thumbnail: text('thumbnail'),
  pdf: text('pdf'),
  captions: text('captions'),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  credits: text('credits').notNull().default(''),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/** SPEC §3 Guide: the learners' guides of /help, PDFs in storage under guides/. */
export const guides = pgTable('guides', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  filename: text('filename').notNull(),
  thumbnail: text('thumbnail'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * SPEC §3 Theme, Topic and Link of /learning-links. Themes and topics are found by name (SPEC §7
 * paths), so both names are unique; a link belongs to a topic, or directly to a theme without
 * topics.
 */
export const linkThemes = pgTable('link_themes', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull().unique(),
  img: text('img'),
  intro: text('intro').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const linkTopics = pgTable(
  'link_topics',
  {
    id: id(),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => linkThemes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull().unique(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('link_topics_theme_key_idx').on(t.themeId, t.key)],
);

export const learningLinks = pgTable(
  'learning_links',
  {
    id: id(),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => linkThemes.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id').references(() => linkTopics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('learning_links_theme_idx').on(t.themeId, t.topicId, t.position)],
);

/**
 * SPEC §3 Webinar: a meeting at the meetings provider (built-in or Zoom, issue 15) with a number
 * of places. `key` names a demo webinar so the seed finds it again; `recording` is the replay's
 * name once there is one. Without a company, a platform webinar (an admin's) open to every
 * learner; with one, that company's own, seen and booked by its learners only (decision 0037).
 */
export const webinars = pgTable(
  'webinars',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').unique(),
    meetingId: text('meeting_id').notNull().unique(),
    joinUrl: text('join_url').notNull(),
    topic: text('topic').notNull(),
    blurb: text('blurb').notNull().default(''),
    speaker: text('speaker').notNull().default(''),
    start: timestamp('start', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    places: integer('places').notNull(),
    recording: text('recording'),
    createdAt: createdAt(),
  },
  (t) => [index('webinars_start_idx').on(t.start), check('webinars_places_check', sql`${t.places} >= 0`)],
);

/** A learner's booking of a webinar, with their own join address from the provider. */
export const webinarRegistrations = pgTable(
  'webinar_registrations',
  {
    webinarId: uuid('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinUrl: text('join_url'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.webinarId, t.userId] }),
    index('webinar_registrations_user_idx').on(t.userId),
  ],
);

/**
 * Single sign-on (issue 16): a user's identity at a school's OpenID provider, keyed on the
 * provider's issuer and subject (never on the e-mail, which a school may reassign).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * The one-time hand-over from the sign-on callback to the web app: the browser comes back with a
 * code (kept here hashed, a minute, used once) and trades it for its tokens — or, for a first
 * sign-in, for the sign-up's last question (the semester).
 */
export const ssoHandoffs = pgTable('sso_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  provider: text('provider').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  claims: jsonb('claims').$type<{ email: string; firstname: string; name: string }>().notNull(),
  idToken: text('id_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * cmi5 (issue 18): what the course structure (cmi5.xml) says of a unit that is an assignable
 * unit. The unit row keeps what every unit has (module, name, files, the LMS activity id); this
 * row keeps the cmi5 launch data and where the AU sits in its course (its blocks, outermost first).
 */
export const cmi5Units = pgTable('cmi5_units', {
  unitId: uuid('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  /** The course's LMS activity id (never the publisher's id, cmi5 9.4) and the publisher's. */
  courseActivityId: text('course_activity_id').notNull(),
  coursePublisherId: text('course_publisher_id').notNull(),
  /** The AU's id in cmi5.xml: the publisher id grouping activity of its statements (9.6.2.3). */
  publisherId: text('publisher_id').notNull(),
  blocks: jsonb('blocks').$type<{ id: string; publisherId: string }[]>().notNull(),
  moveOn: text('move_on')
    .$type<'Passed' | 'Completed' | 'CompletedAndPassed' | 'CompletedOrPassed' | 'NotApplicable'>()
    .notNull(),
  masteryScore: doublePrecision('mastery_score'),
  launchMethod: text('launch_method').$type<'AnyWindow' | 'OwnWindow'>().notNull(),
  launchParameters: text('launch_parameters'),
  entitlementKey: text('entitlement_key'),
  /** The query string of the AU's url in cmi5.xml, kept ahead of the launch parameters. */
  urlQuery: text('url_query'),
});

/**
 * One AU session (cmi5 9.6.3.1): made by a launch, ended by the AU's "terminated" or by our
 * "abandoned". Its state is what the statement rules need: which cmi5 verbs it has seen, and
 * whether the fetch URL has handed out its token (only once, 8.2).
 */
export const cmi5Sessions = pgTable(
  'cmi5_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    /** The learner's sign-in session that launched it: its end ends the AU's credentials (issue 20). */
    learnerSessionId: text('learner_session_id'),
    registration: uuid('registration').notNull(),
    /** The actor of the launch, as the AU must send it. */
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    launchMode: text('launch_mode').$type<'Normal' | 'Browse' | 'Review'>().notNull(),
    /** SHA-256 of the one-time fetch token; the token itself is only in the launch URL. */
    fetchHash: text('fetch_hash').notNull().unique(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, precision: 3 }),
    /** The cmi5 defined verbs the AU sent in this session, by name. */
    verbs: text('verbs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    launchedAt: timestamp('launched_at', { withTimezone: true, precision: 3 }).notNull(),
    lastStatementAt: timestamp('last_statement_at', { withTimezone: true, precision: 3 }),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
    endedBy: text('ended_by').$type<'terminated' | 'abandoned'>(),
  },
  (t) => [index('cmi5_sessions_registration_idx').on(t.userId, t.unitId, t.registration)],
);

/**
 * What a learner has satisfied in a cmi5 registration: AUs (moveOn met or waived), blocks and
 * courses (a "satisfied" statement written once for each, cmi5 9.3.9), by LMS activity id.
 */
export const cmi5Satisfied = pgTable(
  'cmi5_satisfied',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registration: uuid('registration').notNull(),
    activityId: text('activity_id').notNull(),
    how: text('how').$type<'moveOn' | 'waived' | 'block' | 'course'>().notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.registration, t.activityId] })],
);
