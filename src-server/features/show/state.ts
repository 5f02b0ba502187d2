/**
 * The live show state's moves: one row, a version that grows with every move, and the previous
 * states for undo. The server computes the timer from its own clock and resolves the shown question.
 */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import type { TQuestion } from '../../../src/schemas/questionSet';
import type { FinishScene, ObstacleScene, ShowQuestion, ShowState, TShowChanges } from '../../../src/schemas/show';
import { letterBoxes } from '../../../src/formats';
import type { StoredShow } from '../../../src/live';
import type { ShowRow } from '../live/load';
import type { Database } from '../../db/types';
import { badRequest } from '../../errors';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { formatTimeLimit, type TFormat } from '../../../src/schemas/format';

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
  // Points belong to the move that gave them: a plain move gives none.
  delete next.moveScores;
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
  if (changes.activeField !== undefined) {
    if (changes.activeField) {
      const field = await db.selectFrom('score_fields').select('name').where('name', '=', changes.activeField).executeTakeFirst();
      if (!field) throw badRequest(messages.scoreFieldNotFound, 'changes.activeField');
    }
    next.activeField = changes.activeField;
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
  if (changes.finish?.action === 'startTurn') {
    const teamId = changes.finish.teamId;
    if (!teamId) throw badRequest(messages.finishTeamRequired, 'changes.finish.teamId');
    const team = await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
    if (!team) throw badRequest(messages.teamNotFound, 'changes.finish.teamId');
    // The team whose turn it is stands on stage.
    if (changes.activeTeamId === undefined) next.activeTeamId = teamId;
  }
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
  }
  // The speed round times each answer from the moment answers opened on this question.
  if (next.answersOpen && (!current.answersOpen || next.questionId !== current.questionId)) next.answersOpenedAt = now;

  if (changes.timer) next.timer = applyTimer(next.timer, changes.timer, now);
  return next;
}

/**
 * A sudden-death question after a move: put on air for the tied teams named (the question on air must
 * belong to a tie-break set), kept while that question stays, ended with null or another question.
 */
async function suddenDeathAfter(
  db: Db,
  current: StoredShow,
  next: StoredShow,
  set: { format: TFormat } | null,
  move: TShowChanges['suddenDeath'],
): Promise<StoredShow['suddenDeath']> {
  if (move === null) return null;
  if (move === undefined) {
    const kept = current.suddenDeath;
    return kept && kept.questionId === next.questionId ? kept : null;
  }
  if (!next.questionId || !set?.format.tieBreak) throw badRequest(messages.suddenDeathSet, 'changes.suddenDeath');
  const teamIds = [...new Set(move.teamIds)];
  if (teamIds.length < 2) throw badRequest(messages.suddenDeathParticipants, 'changes.suddenDeath.teamIds');
  const known = await db.selectFrom('teams').select('id').where('id', 'in', teamIds).execute();
  if (known.length !== teamIds.length) throw badRequest(messages.teamNotFound, 'changes.suddenDeath.teamIds');
  return { questionId: next.questionId, teamIds, winnerId: null };
}

/**
 * The obstacle round after a move: fresh when its set comes on air, a row counted as played when its
 * question is chosen, and the master's reveal, clue and end moves. Null outside an obstacle set.
 */
function obstacleAfter(
  current: StoredShow,
  next: StoredShow,
  set: { items: TQuestion[]; format: TFormat } | null,
  index: number,
  move: TShowChanges['obstacle'],
): ObstacleScene | null {
  if (!set || !next.setId || set.format.kind !== 'obstacle') {
    if (move) throw badRequest(messages.notObstacleRound, 'changes.obstacle');
    return null;
  }
  const format = set.format;
  const rows = set.items.slice(0, format.tiles);
  const previous = current.obstacle?.setId === next.setId ? current.obstacle : null;
  const state = {
    played: previous?.played ?? [],
    revealed: previous?.revealed ?? [],
    clueShown: previous?.clueShown ?? false,
    eliminated: previous?.eliminated ?? [],
    solvedBy: previous?.solvedBy ?? null,
    ended: previous?.ended ?? false,
  };
  if (index >= 0 && index < rows.length && next.questionId !== current.questionId && !state.played.includes(index)) {
    state.played = [...state.played, index];
  }
  if (move) {
    if (move.action === 'revealRow') {
      const row = move.row ?? -1;
      if (row < 0 || row >= rows.length) throw badRequest(messages.obstacleRowMissing, 'changes.obstacle.row');
      if (!state.revealed.includes(row)) state.revealed = [...state.revealed, row];
    } else if (move.action === 'showClue') state.clueShown = true;
    else state.ended = true;
  }
  return obstacleScene(next.setId, format, rows, state);
}

/**
 * The finish round after a move: fresh when its set comes on air; the master's turn, package, star and
 * choice moves; a question chosen during a turn is picked for the package's next position (it must be
 * worth that position's points); a picked question shown on screen can no longer take the star.
 */
function finishAfter(
  current: StoredShow,
  next: StoredShow,
  set: { items: TQuestion[]; format: TFormat } | null,
  index: number,
  move: TShowChanges['finish'],
): FinishScene | null {
  if (!set || !next.setId || set.format.kind !== 'finish') {
    if (move) throw badRequest(messages.notFinishRound, 'changes.finish');
    return null;
  }
  const format = set.format;
  const previous = current.finish?.setId === next.setId ? current.finish : null;
  let scene: FinishScene = previous
    ? { ...previous, packages: format.packages }
    : {
        setId: next.setId,
        packages: format.packages,
        teamId: null,
        packageIndex: null,
        picks: [],
        shown: [],
        results: [],
        star: null,
        teamMayChoose: false,
        steal: null,
        done: [],
        used: [],
      };
  const turn = { packageIndex: null, picks: [], shown: [], results: [], star: null, steal: null };
  if (move) {
    const needTurn = () => {
      if (!scene.teamId) throw badRequest(messages.finishNoTurn, 'changes.finish');
    };
    const needPackage = () => {
      needTurn();
      if (scene.packageIndex === null) throw badRequest(messages.finishNoPackage, 'changes.finish');
    };
    switch (move.action) {
      case 'startTurn':
        if (scene.done.includes(move.teamId!)) throw badRequest(messages.finishTeamDone, 'changes.finish.teamId');
        scene = { ...scene, ...turn, teamId: move.teamId! };
        break;
      case 'choosePackage': {
        needTurn();
        const chosen = move.package === undefined ? undefined : format.packages[move.package];
        if (!chosen) throw badRequest(messages.finishPackageMissing, 'changes.finish.package');
        if (scene.shown.length > 0) throw badRequest(messages.finishPackageLocked, 'changes.finish.package');
        scene = { ...scene, packageIndex: move.package!, picks: chosen.map(() => null), results: chosen.map(() => null), star: null };
        break;
      }
      case 'placeStar': {
        needPackage();
        const position = move.position ?? null;
        const size = scene.picks.length;
        if (position !== null && (position < 0 || position >= size))
          throw badRequest(messages.finishStarPosition, 'changes.finish.position');
        if (scene.star !== null && scene.shown.includes(scene.star)) throw badRequest(messages.finishStarLocked, 'changes.finish.position');
        if (position !== null && scene.shown.includes(position)) throw badRequest(messages.finishStarShown, 'changes.finish.position');
        scene = { ...scene, star: position };
        break;
      }
      case 'allowTeamChoice':
        if (move.allow === undefined) throw badRequest(messages.finishAllowRequired, 'changes.finish.allow');
        scene = { ...scene, teamMayChoose: move.allow };
        break;
      case 'endTurn':
        needTurn();
        scene = { ...scene, ...turn, done: [...scene.done, scene.teamId!], teamId: null };
        break;
    }
  }

  const questionId = next.questionId;
  if (questionId !== current.questionId) {
    // A new question closes the last one's steal window.
    scene = { ...scene, steal: null };
    if (questionId && index >= 0 && scene.teamId && scene.packageIndex !== null && !scene.picks.includes(questionId)) {
      if (scene.used.includes(questionId)) throw badRequest(messages.finishQuestionUsed, 'changes.questionId');
      const position = scene.results.findIndex((result, i) => result === null && !scene.shown.includes(i));
      if (position < 0) throw badRequest(messages.finishPackageDone, 'changes.questionId');
      const value = format.packages[scene.packageIndex]![position]!;
      if (set.items[index]!.point !== value) throw badRequest(messages.finishWrongValue(value), 'changes.questionId');
      scene = { ...scene, picks: scene.picks.map((pick, i) => (i === position ? questionId : pick)) };
    }
  }
  // A picked question on screen: its position is shown (the star is settled) and the question used.
  const onScreen = next.phase === 'question' || next.phase === 'answer';
  const position = questionId && onScreen ? scene.picks.indexOf(questionId) : -1;
  if (position >= 0 && !scene.shown.includes(position)) {
    scene = { ...scene, shown: [...scene.shown, position], used: [...scene.used, questionId!] };
  }
  return scene;
}

/** What every screen may see of the obstacle round: secrets only once revealed. */
export function obstacleScene(
  setId: string,
  format: Extract<TFormat, { kind: 'obstacle' }>,
  rows: TQuestion[],
  state: Pick<ObstacleScene, 'played' | 'revealed' | 'clueShown' | 'eliminated' | 'solvedBy' | 'ended'>,
): ObstacleScene {
  return {
    setId,
    tiles: format.tiles,
    picture: format.picture?.url ?? null,
    rows: rows.map((q, i) => ({ letters: letterBoxes(q.answer), answer: state.ended || state.revealed.includes(i) ? q.answer : null })),
    keywordLetters: letterBoxes(format.keyword),
    keyword: state.ended ? format.keyword : null,
    clue: state.clueShown && format.centreClue ? format.centreClue : null,
    played: state.played,
    revealed: state.revealed,
    clueShown: state.clueShown,
    eliminated: state.eliminated,
    solvedBy: state.solvedBy,
    ended: state.ended,
  };
}

export function applyTimer(timer: ShowState['timer'], move: NonNullable<TShowChanges['timer']>, now: number): ShowState['timer'] {
  const remainingNow = timer.endsAt === null ? timer.remainingMs : Math.max(0, timer.endsAt - now);
  switch (move.action) {
    case 'start': {
      const durationMs = move.durationMs ?? timer.durationMs;
      return { durationMs, endsAt: now + durationMs, remainingMs: durationMs };
    }
    case 'pause':
      return { ...timer, endsAt: null, remainingMs: remainingNow };
    case 'resume':
      return timer.endsAt === null ? { ...timer, endsAt: now + timer.remainingMs } : timer;
    case 'reset': {
      const durationMs = move.durationMs ?? timer.durationMs;
      return { durationMs, endsAt: null, remainingMs: durationMs };
    }
  }
}

/** The shown teams' answers to the current question, in the order the master chose them. */
async function shownAnswerItems(trx: Transaction<Database>, show: StoredShow): Promise<StoredShow['shownAnswerItems']> {
  if (!show.questionId || show.shownAnswers.length === 0) return [];
  const rows = await trx
    .selectFrom('team_answers')
    .select(['team_id', 'answer', 'verdict', 'at', 'points'])
    .where('question_id', '=', show.questionId)
    .where('team_id', 'in', show.shownAnswers)
    .execute();
  const openedAt = show.answersOpenedAt;
  return show.shownAnswers.flatMap((teamId) => {
    const row = rows.find((r) => r.team_id === teamId);
    if (!row) return [];
    const elapsedMs = openedAt === null ? null : Math.max(0, Number(row.at) - openedAt);
    return [{ teamId, answer: row.answer, verdict: row.verdict, elapsedMs, points: Number(row.points) }];
  });
}

/**
 * Persists `next` as version + 1, keeping the previous state for undo. Opening, closing or moving
 * scoring also moves the scoring gate's version on; a timer or question move does not.
 */
export async function saveShow(
  trx: Transaction<Database>,
  previous: ShowRow,
  next: StoredShow,
  keepHistory = true,
): Promise<{ version: number; scoringVersion: number }> {
  const version = previous.version + 1;
  const gateMoved = previous.stored.activeField !== next.activeField || previous.stored.scoringOpen !== next.scoringOpen;
  const scoringVersion = previous.scoringVersion + (gateMoved ? 1 : 0);
  next.shownAnswerItems = await shownAnswerItems(trx, next);
  if (keepHistory && previous.version > 0) {
    await trx
      .insertInto('show_history')
      .values({ version: previous.version, state: JSON.stringify(previous.stored) })
      .execute();
    // A night has hundreds of moves, not millions; keep the last 200 for undo.
    await trx
      .deleteFrom('show_history')
      .where('version', '<', previous.version - 200)
      .execute();
  }
  await trx
    .insertInto('show_state')
    .values({ id: 1, version, scoring_version: scoringVersion, state: JSON.stringify(next) })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ version, scoring_version: scoringVersion, state: JSON.stringify(next), updated_at: new Date() }),
    )
    .execute();
  return { version, scoringVersion };
}
