/**
 * A show move in a few Vietnamese words: the console's history and undo toast (named by the server
 * when the move is made), and the toast another console shows ("… vừa thao tác: …").
 */
import type { ShowMove } from './live';
import { masterText } from './messages/master';
import { movesText } from './messages/moves';
import type { ShowState } from './schemas/show';

const M = masterText;

/** Names the console knows; an unknown one comes back as ''. */
export interface MoveNames {
  set(id: string): string;
  team(id: string): string;
  field(name: string): string;
}

/** What a move did, in the order the console's controls read; `system` is the state it made. */
export function describeMove(move: ShowMove, system: ShowState, names: MoveNames): string {
  if (move.kind === 'undo') return move.label ? movesText.undone(move.label) : M.moveUndo;
  if (move.kind === 'move') return move.label;
  const c = move.changes;
  const parts: string[] = [];
  if (c.fw !== undefined) parts.push(M.moveRound(M.roundShort(c.fw)));
  // Picking a question sends its set along: the question says it all.
  if (c.setId !== undefined && c.questionId === undefined) parts.push(c.setId ? M.moveSet(names.set(c.setId)) : M.moveNoSet);
  if (c.questionId !== undefined) {
    const shown = c.questionId && system.question?.id === c.questionId ? system.question : null;
    parts.push(shown ? M.moveQuestion(shown.index + 1) : M.moveNoQuestion);
  }
  if (c.phase !== undefined) parts.push(M.movePhase(M.phases[c.phase]));
  if (c.timer) parts.push(M.moveTimer[c.timer.action]);
  if (c.answersOpen !== undefined) parts.push(M.moveAnswers(c.answersOpen));
  if (c.buzzerOpen !== undefined) parts.push(M.moveBuzzer(c.buzzerOpen));
  const fieldName = (name: string) => names.field(name) || name;
  if (c.openFields !== undefined) {
    const [only] = c.openFields;
    parts.push(
      c.openFields.length > 1 ? M.moveSheet(c.openFields.map(fieldName).join(', ')) : only ? M.moveField(fieldName(only)) : M.moveNoField,
    );
  } else if (c.activeField !== undefined) parts.push(c.activeField ? M.moveField(fieldName(c.activeField)) : M.moveNoField);
  if (c.scoringOpen !== undefined) parts.push(M.moveScoring(c.scoringOpen));
  if (c.activeTeamId !== undefined) parts.push(c.activeTeamId ? M.moveTeam(names.team(c.activeTeamId) || '—') : M.moveNoTeam);
  if (c.screen2 !== undefined) parts.push(M.moveScreen2(M.screen2Modes[c.screen2]));
  if (c.overlay !== undefined) parts.push(M.moveOverlay(M.overlayScenes[c.overlay]));
  if (c.shownAnswers !== undefined) parts.push(M.moveShownAnswers(c.shownAnswers.length));
  if (c.scoreboardFrozen !== undefined) parts.push(M.moveFreeze(c.scoreboardFrozen));
  if (c.obstacle) parts.push(M.moveObstacle[c.obstacle.action](c.obstacle.row ?? 0));
  if (c.finish) {
    const f = c.finish;
    parts.push(
      f.action === 'startTurn'
        ? M.moveFinish.startTurn(names.team(f.teamId ?? '') || '—')
        : f.action === 'placeStar'
          ? M.moveFinish.placeStar(f.position ?? null)
          : f.action === 'allowTeamChoice'
            ? M.moveFinish.allowTeamChoice(f.allow ?? false)
            : f.action === 'choosePackage'
              ? M.moveFinish.choosePackage((f.package ?? 0) + 1)
              : M.moveFinish.endTurn,
    );
  }
  return parts.join(', ') || M.moveOther;
}
