/**
 * The audit log in words: each logged change of a point told in Vietnamese, with team, field,
 * judge and question names, from what `score_events` stores for code (the source, the reason
 * `<questionId>: right`, `keyword:<setId>: right` or `steal:<questionId>: wrong`, the rule
 * `speed:place=2:30`, `star:wrong:-30`, the undone event). Never an id or an English word: a reason
 * or rule this does not know gives the source's name alone.
 */
import type { Kysely } from 'kysely';
import { messages } from '../../../src/messages';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import { formatClock, formatPoint } from '../../../src/valueFormat';
import type { Database } from '../../db/types';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { readSheet } from '../scoreField/sheet';

const a = messages.results.audit;

/** A stored audit event, as readAuditLog reads it. */
export interface AuditRow {
  id: number;
  teamId: string;
  gkId: string;
  fieldName: string;
  oldPoint: number | null;
  newPoint: number | null;
  actorName: string | null;
  source: string;
  reason: string | null;
  rule: string | null;
  undoes: number | null;
  at: number;
}

/** The names an entry is told with: read once per page of the log. */
export interface Names {
  team(id: string): string;
  field(name: string): string;
  judge(gkId: string): string;
  question(id: string): string;
  keyword(setId: string): string;
  /** The events that entries of this page undo. */
  undone: ReadonlyMap<number, AuditRow>;
}

export async function readNames(db: Kysely<Database>, undone: ReadonlyMap<number, AuditRow>): Promise<Names> {
  const [teams, fields, users, sets] = await Promise.all([
    db.selectFrom('teams').select(['id', 'name']).execute(),
    readSheet(db),
    db.selectFrom('users').select(['id', 'full_name', 'username']).execute(),
    db.selectFrom('question_sets').select(['id', 'set_no', 'items', 'format']).execute(),
  ]);
  const teamNames = new Map(teams.map((t) => [t.id, t.name]));
  const fieldLabels = new Map(fields.map((f) => [f.name, f.label]));
  const userNames = new Map(users.map((u) => [u.id, u.full_name.trim() || u.username]));
  const questions = new Map<string, string>();
  const keywords = new Map<string, string>();
  for (const set of sets) {
    for (const [i, q] of questionItemsOf(set).entries()) questions.set(q.id, a.question(set.set_no, i + 1));
    const format = formatOf(set);
    keywords.set(set.id, a.keyword(format.kind === 'obstacle' ? format.keyword : '', set.set_no));
  }
  return {
    team: (id) => teamNames.get(id) ?? a.unknownTeam,
    field: (name) => fieldLabels.get(name) ?? a.unknownField,
    judge: (gkId) => (gkId === ANSWERS_GK_ID ? messages.results.answersJudge : (userNames.get(gkId) ?? a.unknownPerson)),
    question: (id) => questions.get(id) ?? a.unknownQuestion,
    keyword: (setId) => keywords.get(setId) ?? a.unknownKeyword,
    undone,
  };
}

/** `<subject>: <outcome>`, the reason every format writes; the subject is a question id or `keyword:`/`steal:` and an id. */
function splitReason(reason: string | null): { subject: string; outcome: string } | null {
  if (!reason) return null;
  const at = reason.lastIndexOf(': ');
  return at > 0 ? { subject: reason.slice(0, at), outcome: reason.slice(at + 2) } : null;
}

/** The number after `name=` in a rule part (`place=2`), or null (`place=-`). */
function numberIn(part: string | undefined, name: string): number | null {
  if (!part?.startsWith(`${name}=`)) return null;
  const n = Number(part.slice(name.length + 1));
  return Number.isFinite(n) ? n : null;
}

const pointText = (point: number | null) => (point === null ? messages.results.empty : formatPoint(point));
/** A change of points with its sign, as the log shows points: "+30,0", "−7,5" (a real minus sign). */
const signedPoints = (points: number) => `${points < 0 ? '−' : '+'}${formatPoint(Math.abs(points))}`;

/** What one change was, for people. */
export function describeEntry(row: AuditRow, names: Names): string {
  const source = messages.results.sources[row.source] ?? row.source;
  const fallback = () => source.charAt(0).toLocaleUpperCase('vi') + source.slice(1);
  const reason = splitReason(row.reason);
  const rule = (row.rule ?? '').split(':');
  const points = Number(rule.at(-1));
  const signed = Number.isFinite(points) && rule.length > 1 ? signedPoints(points) : null;
  const verdict = reason ? a.verdicts[reason.outcome] : undefined;
  const question = reason ? names.question(reason.subject.replace(/^steal:/, '')) : null;
  switch (row.source) {
    case 'judge':
      return a.judge(names.judge(row.gkId));
    case 'admin':
      return a.withReason(a.admin(names.judge(row.gkId)), row.reason);
    case 'admin-all':
      return a.withReason(a.adminAll, row.reason);
    case 'reset':
      return a.withReason(a.reset, row.reason);
    case 'hand': {
      const delta = (row.newPoint ?? 0) - (row.oldPoint ?? 0);
      return a.withReason(a.hand(signedPoints(delta)), row.reason);
    }
    case 'answer':
      if (!question || !reason) break;
      if (reason.outcome === messages.results.verdictCleared) return a.answer(question, reason.outcome);
      return verdict ? a.answer(question, verdict) : fallback();
    case 'speed': {
      const what = reason?.outcome === messages.results.placeMoved ? reason.outcome : verdict;
      if (!question || !what || rule[0] !== 'speed' || !signed) break;
      return a.speed(question, what, numberIn(rule[1], 'place'), signed);
    }
    case 'row': {
      const rowNo = Number(rule[1]);
      if (!question || !verdict || rule[0] !== 'row' || !Number.isInteger(rowNo) || !signed) break;
      return a.row(question, rowNo, verdict, signed);
    }
    case 'keyword': {
      if (!reason?.subject.startsWith('keyword:') || rule[0] !== 'keyword' || !signed) break;
      const keyword = names.keyword(reason.subject.slice('keyword:'.length));
      if (rule[1] === 'clue') return a.keywordClue(keyword, signed);
      const rows = numberIn(rule[1], 'rows');
      return rows === null ? fallback() : a.keywordRows(keyword, rows, signed);
    }
    case 'package':
    case 'star':
      if (!question || !verdict || !signed) break;
      return (row.source === 'star' ? a.star : a.package)(question, verdict, signed);
    case 'steal':
      if (!question || !signed) break;
      if (rule[1] === 'lost') return a.stealLost(question, signed);
      return rule[1] === 'right' ? a.stealRight(question, signed) : a.stealWrong(question, signed);
    case 'buzz':
      if (!question || !verdict || !signed) break;
      return a.buzz(question, verdict, signed);
    case 'vote': {
      const votes = numberIn(rule[1], 'votes');
      if (votes === null || !signed) break;
      return a.vote(votes, signed);
    }
    case 'undo':
    case 'restart': {
      const undone = row.undoes === null ? undefined : names.undone.get(row.undoes);
      if (row.source === 'restart') return undone ? a.restart(formatClock(undone.at), describeEntry(undone, names)) : a.restartUnknown;
      if (!undone) return a.withReason(a.undoUnknown, row.reason);
      const text = a.undo(
        formatClock(undone.at),
        undone.actorName ?? a.nobody,
        names.field(undone.fieldName),
        names.team(undone.teamId),
        pointText(undone.oldPoint),
        pointText(undone.newPoint),
      );
      return a.withReason(text, row.reason);
    }
  }
  return fallback();
}
