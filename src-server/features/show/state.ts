/**
 * The live show state's moves: what one move of the console's makes of the stored show. The server
 * resolves the shown question and runs the timer on its own clock (`timer.ts`); each format's board
 * follows its own rules (`features/formats/`), the câu hỏi phụ the tie-break's (`features/tieBreak/`).
 * Saving (and undo's history) is `store.ts`.
 */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import type { TQuestion } from '../../../src/schemas/questionSet';
import { formatTimeLimit, type TFormat } from '../../../src/schemas/roundFormat';
import type { ShowQuestion, TShowChanges } from '../../../src/schemas/show';
import type { Database } from '../../db/types';
import { badRequest } from '../../errors';
import { finishAfter, finishTurnTeam } from '../formats/finish';
import { obstacleAfter } from '../formats/obstacle';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { readSheet } from '../scoreField/sheet';
import { suddenDeathAfter } from '../tieBreak/suddenDeath';
import { clearMove, type StoredShow } from './store';
import { applyTimer } from './timer';

export type { StoredShow };

type Db = Kysely<Database> | Transaction<Database>;

export function showQuestion(item: TQuestion, index: number, withAnswer: boolean): ShowQuestion {
  const question: ShowQuestion = {
    id: item.id,
    index,
    content: item.content,
    options: item.options,
    media: item.media,
    point: item.point,
    timeLimit: item.timeLimit,
  };
  if (withAnswer) Object.assign(question, { answer: item.answer, explanation: item.explanation });
  return question;
}

/** The set's questions, with the time its format gives each (a format's time overrides the questions' own). */
async function findSetItems(db: Db, setId: string): Promise<{ setNo: number; items: TQuestion[]; format: TFormat } | null> {
  const row = await db.selectFrom('question_sets').select(['id', 'set_no', 'items', 'format']).where('id', '=', setId).executeTakeFirst();
  if (!row) return null;
  const format = formatOf(row);
  const seconds = formatTimeLimit(format);
  const items = questionItemsOf(row);
  return { setNo: row.set_no, format, items: seconds === null ? items : items.map((item) => ({ ...item, timeLimit: seconds })) };
}

/** Applies one move to the stored state. Throws a 400 naming the field for an impossible move. */
export async function applyShowChanges(db: Db, current: StoredShow, changes: TShowChanges, now: number): Promise<StoredShow> {
  const next: StoredShow = { ...current, timer: { ...current.timer } };
  // Points and judged rows belong to the move that gave them: a plain move has none.
  clearMove(next);
  if (changes.fw !== undefined) next.fw = changes.fw;
  if (changes.phase !== undefined) next.phase = changes.phase;
  if (changes.scoringOpen !== undefined) next.scoringOpen = changes.scoringOpen;
  if (changes.answersOpen !== undefined) next.answersOpen = changes.answersOpen;
  if (changes.buzzerOpen !== undefined) next.buzzerOpen = changes.buzzerOpen;
  if (changes.screen2 !== undefined) next.screen2 = changes.screen2;
  if (changes.overlay !== undefined) next.overlay = changes.overlay;
  if (changes.shownAnswers !== undefined) next.shownAnswers = changes.shownAnswers;
  if (changes.scoreboardFrozen !== undefined) next.scoreboardFrozen = changes.scoreboardFrozen;

  if (changes.activeTeamId !== undefined) {
    if (changes.activeTeamId) {
      const team = await db.selectFrom('teams').select('id').where('id', '=', changes.activeTeamId).executeTakeFirst();
      if (!team) throw badRequest(messages.teamNotFound, 'changes.activeTeamId');
    }
    next.activeTeamId = changes.activeTeamId;
  }
  if (changes.openFields !== undefined || changes.activeField !== undefined) {
    // One field, or a judged round's whole sheet; `activeField` stays the first for older clients.
    const byList = changes.openFields !== undefined;
    const names = [...new Set(byList ? changes.openFields : changes.activeField ? [changes.activeField] : [])];
    if (names.length > 0) {
      const sheet = await readSheet(db);
      if (!names.every((name) => sheet.some((f) => f.name === name)))
        throw badRequest(messages.scoreFieldNotFound, byList ? 'changes.openFields' : 'changes.activeField');
    }
    next.openFields = names;
    next.activeField = names[0] ?? null;
  }

  // The set must belong to the round; a new round without a set of its own clears the question.
  const setId = changes.setId !== undefined ? changes.setId : next.setId;
  const set = setId ? await findSetItems(db, setId) : null;
  if (setId && (!set || set.setNo !== next.fw)) {
    if (changes.setId !== undefined) throw badRequest(messages.setNotInRound, 'changes.setId');
    next.setId = null;
    next.questionId = null;
  } else {
    next.setId = setId ?? null;
  }
  // A new round starts with nobody on stage: the team the last set put there (a finish turn, a
  // performance) steps down, unless the same move names one.
  if (next.setId !== current.setId && changes.activeTeamId === undefined) next.activeTeamId = null;

  const questionId = changes.questionId !== undefined ? changes.questionId : next.questionId;
  const index = questionId && set && next.setId ? set.items.findIndex((q) => q.id === questionId) : -1;
  if (questionId && index < 0) {
    if (changes.questionId !== undefined) throw badRequest(messages.questionNotInSet, 'changes.questionId');
    next.questionId = null;
  } else {
    next.questionId = questionId ?? null;
  }
  const item = index >= 0 ? set!.items[index]! : null;
  next.question = item ? showQuestion(item, index, next.phase === 'answer') : null;
  next.format = set && next.setId ? set.format.kind : 'classic';
  next.obstacle = obstacleAfter(current, next, set, index, changes.obstacle);
  // The team whose finish turn starts stands on stage.
  const turnTeam = await finishTurnTeam(db, changes.finish);
  if (turnTeam && changes.activeTeamId === undefined) next.activeTeamId = turnTeam;
  next.finish = finishAfter(current, next, set, index, changes.finish);
  next.suddenDeath = await suddenDeathAfter(db, current, next, set, changes.suddenDeath);

  if (next.questionId !== current.questionId) {
    // A new question starts clean: its own time limit, nothing open, nothing on screen 2.
    const durationMs = (item?.timeLimit ?? 0) * 1000;
    next.timer = { durationMs, endsAt: null, remainingMs: durationMs };
    if (changes.answersOpen === undefined) next.answersOpen = false;
    if (changes.buzzerOpen === undefined) next.buzzerOpen = false;
    if (changes.shownAnswers === undefined) next.shownAnswers = [];
    next.answersOpenedAt = null;
    next.buzzTurn = null;
  }
  // The speed round times each answer from the moment answers opened on this question.
  if (next.answersOpen && (!current.answersOpen || next.questionId !== current.questionId)) next.answersOpenedAt = now;

  if (changes.timer) next.timer = applyTimer(next.timer, changes.timer, now);
  return next;
}
