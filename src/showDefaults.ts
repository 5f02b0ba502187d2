/** The show state before anything has happened: no zod here, so the projector's lean entry can use it. */
import { ROUND_TITLES } from './constants';
import { appText } from './messages/app';
import type { ShowState } from './schemas/show';

export function defaultShowState(): ShowState {
  return {
    version: 0,
    event: { _id: '', title: appText.appName, name: appText.appName, date: null, venue: '', logoUrl: '' },
    fw: 1,
    title: ROUND_TITLES[1] ?? '',
    setId: null,
    questionId: null,
    question: null,
    phase: 'idle',
    activeTeamId: null,
    timer: { durationMs: 0, endsAt: null, remainingMs: 0 },
    activeField: null,
    openFields: [],
    scoringOpen: false,
    answersOpen: false,
    buzzerOpen: false,
    screen2: 'logo',
    overlay: 'lowerThird',
    shownAnswers: [],
    shownAnswerItems: [],
    format: 'classic',
    answersOpenedAt: null,
    obstacle: null,
    finish: null,
    suddenDeath: null,
    buzzTurn: null,
    scoreboardFrozen: false,
    nextMedia: null,
  };
}
