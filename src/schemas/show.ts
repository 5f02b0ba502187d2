import { OVERLAY_SCENES, type OverlayScene, SCREEN2_MODES, type Screen2Mode, SHOW_PHASES, type ShowPhase } from '../constants';
import { validationText } from '../messages/validation';
import type { FormatKind } from './roundFormat';
import { z } from './zod';

export type ScreenMode = Screen2Mode;

// Kept apart from the schemas so a screen can use it without loading zod.
export { defaultShowState } from '../showDefaults';

/** The question on screen: answer and explanation only once the phase is `answer`. */
export interface ShowQuestion {
  id: string;
  index: number;
  content: string;
  options: string[];
  media: { kind: 'image' | 'audio' | 'video'; url: string } | null;
  point: number;
  timeLimit: number;
  answer?: string;
  explanation?: string;
}

export interface ShowTimer {
  durationMs: number;
  endsAt: number | null;
  remainingMs: number;
}

/** The live state every screen follows (docs/ARCHITECTURE.md, "What each audience sees"). */
/** The event as the stage shows it; part of the state so every screen follows a change at once. */
export interface ShowEvent {
  /** The event on stage (the installation's contest). */
  _id: string;
  /** Its name, as `/api/events` lists it (the same as `name`). */
  title: string;
  name: string;
  date: string | null;
  venue: string;
  logoUrl: string;
}

export interface ShowState {
  version: number;
  event: ShowEvent;
  fw: number;
  title: string;
  setId: string | null;
  questionId: string | null;
  question: ShowQuestion | null;
  phase: ShowPhase;
  activeTeamId: string | null;
  timer: ShowTimer;
  /** The first of `openFields` (null when none): what a client that knows only one field reads. */
  activeField: string | null;
  /**
   * The fields the judges score while `scoringOpen`: one, or a judged round's whole sheet (each
   * judges field of the round), kept after scoring closes so the pads can say what was closed.
   */
  openFields: string[];
  scoringOpen: boolean;
  answersOpen: boolean;
  buzzerOpen: boolean;
  screen2: ScreenMode;
  /** The livestream overlay's scene (`/screen?overlay=1`), independent of the projectors. */
  overlay: OverlayScene;
  shownAnswers: string[];
  /** The answers of the teams in `shownAnswers`, for screen 2 (public once the master shows them). */
  shownAnswerItems: ShownAnswerItem[];
  /** How the current set's round runs (its format's kind); classic without a set. */
  format: FormatKind;
  /** When answers last opened on the current question (server ms), for the speed round's times. */
  answersOpenedAt: number | null;
  /** The obstacle round on air (its set is the current one); null in any other format. */
  obstacle: ObstacleScene | null;
  /** The finish round on air (its set is the current one); null in any other format. */
  finish: FinishScene | null;
  /**
   * A sudden-death question (câu hỏi phụ) on air: only these tied teams may answer or buzz, a right
   * answer scores nothing, and the first right one in the server's order wins (`winnerId`).
   */
  suddenDeath: SuddenDeathScene | null;
  /**
   * Whose turn it is on a buzzer question: the first buzz not yet judged, so the projector and the
   * phones can say "<đội> giành quyền trả lời" (the buzz list itself stays staff-only).
   */
  buzzTurn: BuzzTurn | null;
  scoreboardFrozen: boolean;
  /** The selected question's media, so the projector can fetch it before the question is shown. */
  nextMedia: { kind: 'image' | 'audio' | 'video'; url: string } | null;
}

export interface BuzzTurn {
  questionId: string;
  teamId: string;
}

export interface SuddenDeathScene {
  questionId: string;
  teamIds: string[];
  winnerId: string | null;
}

/**
 * The obstacle round as every screen may see it: letter counts for the crossword, a row's answer once
 * revealed, the keyword only once the round is over and the clue once shown.
 */
export interface ObstacleScene {
  setId: string;
  tiles: number;
  picture: string | null;
  rows: { letters: number; answer: string | null }[];
  keywordLetters: number;
  keyword: string | null;
  clue: string | null;
  /** Rows whose question has been run, in the order played. */
  played: number[];
  /** Rows whose answer is revealed (their tile of the picture uncovered). */
  revealed: number[];
  clueShown: boolean;
  /** Teams out of the round after a wrong keyword. */
  eliminated: string[];
  solvedBy: string | null;
  ended: boolean;
}

export const OBSTACLE_ACTIONS = ['revealRow', 'showClue', 'end'] as const;

export type FinishResult = 'right' | 'wrong' | 'timeout';

/**
 * The finish round (Về đích): the team whose turn it is, the package it chose, the question picked for
 * each position, each position's result, the star of hope and the steal window after a miss.
 */
export interface FinishScene {
  setId: string;
  /** The packages on offer (lists of point values). */
  packages: number[][];
  /** The team whose turn it is; null between turns. */
  teamId: string | null;
  packageIndex: number | null;
  /** The question picked for each position of the package (null until the master picks one). */
  picks: (string | null)[];
  /** Positions whose question has been on screen (the star can no longer go there). */
  shown: number[];
  results: (FinishResult | null)[];
  /** The position the star of hope is on. */
  star: number | null;
  /** The team on stage may choose its package (and place its star) from its own device. */
  teamMayChoose: boolean;
  /** After a miss: the other teams may buzz until `endsAt` (server ms); the first buzz answers. */
  steal: FinishSteal | null;
  /** Teams whose turn is over. */
  done: string[];
  /** Questions already played this round, by any team. */
  used: string[];
}

export interface FinishSteal {
  position: number;
  questionId: string;
  /** The question's base points (never doubled by the star). */
  point: number;
  endsAt: number;
  /** The team that buzzed first (it answers the steal), and the master's verdict on it. */
  teamId: string | null;
  result: 'right' | 'wrong' | null;
}

export const FINISH_ACTIONS = ['startTurn', 'choosePackage', 'placeStar', 'allowTeamChoice', 'endTurn'] as const;

/** The buzz order's key for a steal of a finish question (buzzes are stored per key). */
export const stealBuzzKey = (questionId: string) => `steal:${questionId}`;

/** A team's answer on screen 2: with its time after answers opened and its points (the speed round shows both). */
export interface ShownAnswerItem {
  teamId: string;
  answer: string;
  verdict: 'right' | 'wrong' | null;
  /** Milliseconds from answers opening to the server receiving the answer; null when answers never opened. */
  elapsedMs: number | null;
  points: number;
}

export const TIMER_ACTIONS = ['start', 'pause', 'resume', 'reset'] as const;

/** What the master may change in one move (PUT /api/show, show.update). */
export const ZShowChangesSchema = z
  .object({
    fw: z.number().int().min(1).max(6),
    setId: z.string().trim().min(1).max(100).nullable(),
    questionId: z.string().trim().min(1).max(100).nullable(),
    phase: z.enum(SHOW_PHASES),
    activeTeamId: z.string().trim().min(1).max(100).nullable(),
    /** Opens this one field (the sheet becomes just it); null opens none. `openFields` wins when both are given. */
    activeField: z.string().trim().min(1).max(50).nullable(),
    /** The fields the judges score at once: a judged round's sheet; the first becomes `activeField`. */
    openFields: z.array(z.string().trim().min(1).max(50)).max(50),
    scoringOpen: z.boolean(),
    answersOpen: z.boolean(),
    buzzerOpen: z.boolean(),
    screen2: z.enum(SCREEN2_MODES),
    overlay: z.enum(OVERLAY_SCENES),
    shownAnswers: z.array(z.string().trim().min(1).max(100)).max(50),
    scoreboardFrozen: z.boolean(),
    timer: z.object({
      action: z.enum(TIMER_ACTIONS),
      durationMs: z.number().int().min(0).max(3_600_000).optional(),
    }),
    /** An obstacle round move: reveal a row (0-based) and its tile, show the centre clue, or end the round. */
    obstacle: z.object({ action: z.enum(OBSTACLE_ACTIONS), row: z.number().int().min(0).max(11).optional() }).strict(),
    /**
     * A finish round move: start a team's turn, choose its package (by index), place the star on a
     * position (null takes it off), let the team choose from its device, or end the turn.
     */
    finish: z
      .object({
        action: z.enum(FINISH_ACTIONS),
        teamId: z.string().trim().min(1).max(100).optional(),
        package: z.number().int().min(0).max(9).optional(),
        position: z.number().int().min(0).max(9).nullable().optional(),
        allow: z.boolean().optional(),
      })
      .strict(),
    /** Puts the question on air for these tied teams only (a câu hỏi phụ of a tie-break set); null ends it. */
    suddenDeath: z
      .object({ teamIds: z.array(z.string().trim().min(1).max(100)).min(2, { message: validationText.suddenDeathParticipants }).max(50) })
      .strict()
      .nullable(),
  })
  .partial()
  .strict();
export const ZShowUpdateSchema = z.object({ changes: ZShowChangesSchema });
export type TShowChanges = z.infer<typeof ZShowChangesSchema>;

export const ZSubmitAnswerSchema = z.object({
  questionId: z.string().trim().min(1).max(100),
  answer: z.string().trim().min(1, { message: validationText.answerRequired }).max(2000),
});
export const ZBuzzSchema = z.object({ questionId: z.string().trim().min(1).max(100) });
/** The master's verdict on a team's keyword guess in the obstacle round. */
export const ZKeywordVerdictSchema = z.object({
  teamId: z.string().trim().min(1).max(100),
  verdict: z.enum(['right', 'wrong']),
});
/** The finish round: the master's verdict on the team on stage's answer to the question on air. */
export const ZFinishVerdictSchema = z.object({ result: z.enum(['right', 'wrong', 'timeout']) }).strict();
/** The finish round: the master's verdict on the first steal buzz. */
export const ZStealVerdictSchema = z.object({ verdict: z.enum(['right', 'wrong']) }).strict();
/** The team on stage chooses its package, or places its star, from its own device (when the master allows). */
export const ZFinishTeamChoiceSchema = z
  .object({ package: z.number().int().min(0).max(9).optional(), star: z.number().int().min(0).max(9).nullable().optional() })
  .strict();
/** The buzz order's key for the obstacle keyword of a set (buzzes are stored per key). */
export const keywordBuzzKey = (setId: string) => `keyword:${setId}`;
/** A buzzer question: the console's verdict on the team whose turn it is. */
export const ZBuzzVerdictSchema = z
  .object({
    verdict: z.enum(['right', 'wrong']),
    /** The team the console judged: refused if the turn has moved on meanwhile (another console, a late screen). */
    teamId: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
/** Points given (positive) or taken (negative) by hand on a team's answers field, with the reason. */
export const ZHandPointsSchema = z
  .object({
    teamId: z.string().trim().min(1, { message: validationText.handTeamRequired }).max(100),
    fieldName: z.string().trim().min(1, { message: validationText.handFieldRequired }).max(50),
    points: z
      .number({ message: validationText.handPointsNumber })
      .min(-1000, { message: validationText.handPointsRange })
      .max(1000, { message: validationText.handPointsRange }),
    reason: z.string().trim().min(1, { message: validationText.handReasonRequired }).max(500, { message: validationText.handReasonLong }),
  })
  .strict();
/** "Chơi lại vòng này" for a question set's round. */
export const ZRestartRoundSchema = z
  .object({ setId: z.string().trim().min(1, { message: validationText.restartSetRequired }).max(100) })
  .strict();
export const ZVerdictSchema = z.object({
  questionId: z.string().trim().min(1).max(100),
  teamId: z.string().trim().min(1).max(100),
  verdict: z.enum(['right', 'wrong']).nullable(),
});

export interface TTeamAnswer {
  teamId: string;
  answer: string;
  at: number;
  verdict: 'right' | 'wrong' | null;
  /** The points the answer earned (its question's, or its place's in a speed round). */
  points: number;
}
export interface TBuzz {
  teamId: string;
  at: number;
  /** A buzzer question's verdict on this buzz (null while not judged), and the points it gave. */
  verdict: 'right' | 'wrong' | null;
  points: number;
}
