import type { FormatKind } from './format';
import { SCREEN2_MODES, SHOW_PHASES, type Screen2Mode, type ShowPhase } from '../constants';
import { validationText } from '../messages/validation';
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
  activeField: string | null;
  scoringOpen: boolean;
  answersOpen: boolean;
  buzzerOpen: boolean;
  screen2: ScreenMode;
  shownAnswers: string[];
  /** The answers of the teams in `shownAnswers`, for screen 2 (public once the master shows them). */
  shownAnswerItems: ShownAnswerItem[];
  /** How the current set's round runs (its format's kind); classic without a set. */
  format: FormatKind;
  /** When answers last opened on the current question (server ms), for the speed round's times. */
  answersOpenedAt: number | null;
  /** The obstacle round on air (its set is the current one); null in any other format. */
  obstacle: ObstacleScene | null;
  scoreboardFrozen: boolean;
  /** The selected question's media, so the projector can fetch it before the question is shown. */
  nextMedia: { kind: 'image' | 'audio' | 'video'; url: string } | null;
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
    activeField: z.string().trim().min(1).max(50).nullable(),
    scoringOpen: z.boolean(),
    answersOpen: z.boolean(),
    buzzerOpen: z.boolean(),
    screen2: z.enum(SCREEN2_MODES),
    shownAnswers: z.array(z.string().trim().min(1).max(100)).max(50),
    scoreboardFrozen: z.boolean(),
    timer: z.object({
      action: z.enum(TIMER_ACTIONS),
      durationMs: z.number().int().min(0).max(3_600_000).optional(),
    }),
    /** An obstacle round move: reveal a row (0-based) and its tile, show the centre clue, or end the round. */
    obstacle: z.object({ action: z.enum(OBSTACLE_ACTIONS), row: z.number().int().min(0).max(11).optional() }).strict(),
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
/** The buzz order's key for the obstacle keyword of a set (buzzes are stored per key). */
export const keywordBuzzKey = (setId: string) => `keyword:${setId}`;
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
}
