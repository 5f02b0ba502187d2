/**
 * The stored shapes of the live night (src/live.ts): the show as `show_state.state` and
 * `show_history.state` hold it, and each domain event's payload in `events.payload`. The server
 * parses what it reads back with these, so a malformed stored value fails where it is read, by name,
 * rather than reaching a screen. They check the shape (types, enums, nullability), not the editorial
 * limits of the input schemas: the server wrote these values itself. The client never imports this
 * file (it never parses live messages at run time).
 */
import { OVERLAY_SCENES, SCREEN2_MODES, SHOW_PHASES } from '../constants';
import type { DomainEvents, DomainEventType, StoredShow } from '../live';
import { ZJurySchema } from './jury';
import { MEDIA_KINDS } from './questionSet';
import { ZResultsLockSchema } from './resultsLock';
import { FORMAT_KINDS } from './roundFormat';
import { SCORE_FIELD_KINDS } from './scoreField';
import { ZEventSettingsSchema } from './settings';
import { ZShowChangesSchema } from './show';
import { ZSuddenDeathSchema, ZTieNoteSchema } from './tieBreak';
import { z } from './zod';

const ZVerdict = z.enum(['right', 'wrong']).nullable();

const ZShowQuestion = z.object({
  id: z.string(),
  index: z.number(),
  content: z.string(),
  options: z.array(z.string()),
  media: z.object({ kind: z.enum(MEDIA_KINDS), url: z.string() }).nullable(),
  point: z.number(),
  timeLimit: z.number(),
  answer: z.string().optional(),
  explanation: z.string().optional(),
});

const ZTeamListItem = z.object({
  _id: z.string(),
  name: z.string(),
  unit: z.string(),
  logoUrl: z.string(),
  priority: z.number(),
  total: z.number(),
  rank: z.number(),
  fieldScores: z.record(z.string(), z.number().nullable()),
  tieBreak: z.string().nullable().optional(),
  tie: ZTieNoteSchema.optional(),
  awaitingHeadJudge: z.literal(true).optional(),
});

const ZObstacleScene = z.object({
  setId: z.string(),
  tiles: z.number(),
  picture: z.string().nullable(),
  rows: z.array(z.object({ letters: z.number(), answer: z.string().nullable() })),
  keywordLetters: z.number(),
  keyword: z.string().nullable(),
  clue: z.string().nullable(),
  played: z.array(z.number()),
  revealed: z.array(z.number()),
  clueShown: z.boolean(),
  eliminated: z.array(z.string()),
  solvedBy: z.string().nullable(),
  ended: z.boolean(),
});

const ZFinishScene = z.object({
  setId: z.string(),
  packages: z.array(z.array(z.number())),
  teamId: z.string().nullable(),
  packageIndex: z.number().nullable(),
  picks: z.array(z.string().nullable()),
  shown: z.array(z.number()),
  results: z.array(z.enum(['right', 'wrong', 'timeout']).nullable()),
  star: z.number().nullable(),
  teamMayChoose: z.boolean(),
  steal: z
    .object({
      position: z.number(),
      questionId: z.string(),
      point: z.number(),
      endsAt: z.number(),
      teamId: z.string().nullable(),
      result: z.enum(['right', 'wrong']).nullable(),
    })
    .nullable(),
  done: z.array(z.string()),
  used: z.array(z.string()),
});

/** The show as stored (`StoredShow`). */
export const ZStoredShowSchema = z.object({
  fw: z.number(),
  setId: z.string().nullable(),
  questionId: z.string().nullable(),
  question: ZShowQuestion.nullable(),
  phase: z.enum(SHOW_PHASES),
  activeTeamId: z.string().nullable(),
  timer: z.object({ durationMs: z.number(), endsAt: z.number().nullable(), remainingMs: z.number() }),
  activeField: z.string().nullable(),
  openFields: z.array(z.string()).default([]),
  scoringOpen: z.boolean(),
  answersOpen: z.boolean(),
  buzzerOpen: z.boolean(),
  screen2: z.enum(SCREEN2_MODES),
  // Shows stored before the overlay have the lower third.
  overlay: z.enum(OVERLAY_SCENES).default('lowerThird'),
  shownAnswers: z.array(z.string()),
  shownAnswerItems: z.array(
    // Rows stored before formats have no time or points.
    z.object({
      teamId: z.string(),
      answer: z.string(),
      verdict: ZVerdict,
      elapsedMs: z.number().nullable().default(null),
      points: z.number().default(0),
    }),
  ),
  format: z.enum(FORMAT_KINDS),
  answersOpenedAt: z.number().nullable(),
  obstacle: ZObstacleScene.nullable(),
  suddenDeath: z
    .object({ questionId: z.string(), teamIds: z.array(z.string()), winnerId: z.string().nullable() })
    .nullable()
    .default(null),
  finish: ZFinishScene.nullable(),
  scoreboardFrozen: z.boolean(),
  frozenListTeam: z.array(ZTeamListItem).nullable().optional(),
  moveScores: z.array(z.number()).optional(),
  moveRows: z
    .array(
      z.object({
        kind: z.enum(['answer', 'buzz']),
        questionId: z.string(),
        teamId: z.string(),
        verdict: ZVerdict,
        points: z.number(),
        fieldName: z.string().nullable(),
      }),
    )
    .optional(),
  moveLabel: z.string().optional(),
  moveBy: z.string().nullable().optional(),
  moveArchived: z.object({ setId: z.string(), attempt: z.number() }).optional(),
  rounds: z
    .record(
      z.string(),
      z.object({
        attempt: z.number(),
        obstacle: ZObstacleScene.nullable(),
        finish: ZFinishScene.nullable(),
        scoreEvents: z.array(z.number()),
      }),
    )
    .optional(),
  // Shows stored before buzzer verdicts have no turn.
  buzzTurn: z.object({ questionId: z.string(), teamId: z.string() }).nullable().default(null),
});

/**
 * A stored show row: any field may be missing (the first row is `{}`, and older rows predate newer
 * fields), the defaults fill them in; fields the show no longer has are dropped.
 */
export const ZStoredShowRowSchema = z.preprocess(withOpenFields, ZStoredShowSchema.partial());

/** A show stored before a judged round's sheet knew only `activeField`: that one was the sheet. */
function withOpenFields(row: unknown): unknown {
  if (typeof row !== 'object' || row === null || 'openFields' in row) return row;
  const { activeField } = row as { activeField?: unknown };
  return typeof activeField === 'string' ? { ...row, openFields: [activeField] } : row;
}

const ZShowActor = z.object({
  userId: z.string(),
  name: z.string(),
  consoleId: z.string().nullable(),
  move: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('update'), changes: ZShowChangesSchema }),
    z.object({ kind: z.literal('move'), label: z.string() }),
    z.object({ kind: z.literal('undo'), label: z.string().optional() }),
  ]),
});

const ZTeamAnswer = z.object({ teamId: z.string(), answer: z.string(), at: z.number(), verdict: ZVerdict, points: z.number().default(0) });
// Buzzes recorded before buzzer verdicts have none.
const ZBuzz = z.object({ teamId: z.string(), at: z.number(), verdict: ZVerdict.default(null), points: z.number().default(0) });

const ZVoteCount = z.object({ teamId: z.string(), count: z.number() });

/** A vote as stored (`votes` row as the live model holds it) and as its event carries it. */
export const ZStoredVoteSchema = z.object({
  _id: z.string(),
  open: z.boolean(),
  teamIds: z.array(z.string()),
  choices: z.number(),
  changeable: z.boolean(),
  closesAt: z.number().nullable(),
  openedAt: z.number(),
  closedAt: z.number().nullable(),
  tally: z.array(ZVoteCount),
  ballots: z.number(),
  award: z.object({ fieldName: z.string(), teamIds: z.array(z.string()), points: z.number() }).nullable(),
});

/** Each domain event's payload, by type. */
export const ZDomainEventPayloads = {
  show: z.object({ version: z.number(), scoringVersion: z.number(), show: ZStoredShowSchema, by: ZShowActor.optional() }),
  settings: z.object({ settings: ZEventSettingsSchema }),
  sheet: z.object({
    fields: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        kind: z.enum(SCORE_FIELD_KINDS),
        minPoint: z.number(),
        maxPoint: z.number(),
        step: z.number(),
        weight: z.number(),
        dropExtremes: z.boolean(),
        position: z.number(),
        round: z.number().nullable(),
      }),
    ),
    scoringVersion: z.number(),
  }),
  teams: z.object({
    teams: z.array(
      z.object({ id: z.string(), name: z.string(), unit: z.string(), logoUrl: z.string(), priority: z.number(), active: z.boolean() }),
    ),
  }),
  seats: z.object({ seats: z.array(z.object({ gkId: z.string(), name: z.string() })) }),
  scores: z.object({
    changes: z.array(
      z.object({ teamId: z.string(), gkId: z.string(), fieldName: z.string(), point: z.number().nullable(), updatedAt: z.number() }),
    ),
  }),
  answers: z.object({ questionId: z.string(), items: z.array(ZTeamAnswer), teamId: z.string().nullable() }),
  answer: z.object({ questionId: z.string(), answer: ZTeamAnswer }),
  buzz: z.object({ questionId: z.string(), order: z.array(ZBuzz) }),
  suddenDeaths: z.object({ records: z.array(ZSuddenDeathSchema) }),
  vote: z.object({ vote: ZStoredVoteSchema.nullable() }),
  contest: z.object({ contestId: z.string() }),
  resultsLocks: z.object({ locks: z.array(ZResultsLockSchema), scoringVersion: z.number() }),
  jury: z.object({ jury: ZJurySchema }),
} satisfies { [K in DomainEventType]: z.ZodType<DomainEvents[K]> };

// Each schema's output is exactly its type (no field missing or extra on either side, optional
// fields included, nested ones too), so the two cannot drift apart without the typecheck saying so.
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
type Exact<S extends z.ZodType, T> = Same<z.output<S>, T>;
const exact: { storedShow: Exact<typeof ZStoredShowSchema, StoredShow> } & {
  [K in DomainEventType]: Exact<(typeof ZDomainEventPayloads)[K], DomainEvents[K]>;
} = {
  storedShow: true,
  show: true,
  settings: true,
  sheet: true,
  teams: true,
  seats: true,
  scores: true,
  answers: true,
  answer: true,
  buzz: true,
  suddenDeaths: true,
  vote: true,
  contest: true,
  resultsLocks: true,
  jury: true,
};
void exact;
