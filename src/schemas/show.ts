import { ROUND_TITLES, type Screen2Mode, type ShowPhase } from '../constants';

export type ScreenMode = Screen2Mode;

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

/** The live state every screen follows (SPEC section 5). */
export interface ShowState {
  version: number;
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
  scoreboardFrozen: boolean;
}

export function defaultShowState(): ShowState {
  return {
    version: 0,
    fw: 1,
    title: ROUND_TITLES[1] ?? '',
    setId: null,
    questionId: null,
    question: null,
    phase: 'idle',
    activeTeamId: null,
    timer: { durationMs: 0, endsAt: null, remainingMs: 0 },
    activeField: null,
    scoringOpen: false,
    answersOpen: false,
    buzzerOpen: false,
    screen2: 'logo',
    shownAnswers: [],
    scoreboardFrozen: false,
  };
}
