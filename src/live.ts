/**
 * The live night as it travels: the domain changes stored in `events` (what happened) and the
 * messages `system.join` sends (what one audience may see of it). Shared by server and client; the
 * client uses the types only and never parses events at run time.
 *
 * Audiences: `public` (anonymous screens and the audience), `team` (a team's own phone), `judge`
 * (a judge's pad), `staff` (admin and master). Each message kind says which audiences get it and
 * in what form:
 * - `state`     everyone; the question's content and options only from the phase that shows it
 *               (staff always), media announced ahead through `nextMedia`;
 * - `teams`     everyone; frozen totals for all but staff while the scoreboard is frozen;
 * - `progress`  everyone (who has scored whom, no points);
 * - `scores`    staff all points; a judge only their own;
 * - `answers`, `buzz`, `presence`  staff only; `mine` the one team it belongs to;
 * - `vote`      everyone; the tally for staff, and for the others only while a screen shows it;
 * - `locks`     staff only: the results locked (a round's, the whole event's);
 * - `jury`      staff and judges: the head judge, thresholds, recusals and the head judge's rulings;
 * - `reload`    everyone, development only.
 * A show move's `state` tells the staff who made it (`by`). The consoles open right now travel on a
 * subscription of their own (`show.console`), which only a console opens.
 */
import type { TJury } from './jury';
import type { TResultsLock } from './resultsLock';
import type { TScoreField } from './schemas/scoreField';
import type { TScoreItem } from './schemas/scoring';
import type { TSettings } from './schemas/settings';
import type { FinishScene, ObstacleScene, ShowQuestion, ShowState, TBuzz, TShowChanges, TTeamAnswer } from './schemas/show';
import type { TTeamListItem } from './schemas/system';
import type { TSuddenDeath } from './schemas/tieBreak';
import type { TVote, TVoteCount } from './schemas/vote';

/**
 * Who a live message is for: the hall (projectors, the audience's phones), a participant on its own
 * phone (a team today; an individual contestant's account is a participant too), a judge, the staff.
 */
export type Audience = 'public' | 'participant' | 'judge' | 'staff';

export interface TProgress {
  fieldName: string;
  /** Who judges, in seat order, so screens can show a column for a judge who has not scored yet. */
  judges: { gkId: string; name: string }[];
  done: { teamId: string; gkId: string }[];
}

/**
 * A show move as its maker asked it: the changes of `show.update`, another move of the console's
 * (a verdict, hand points, a replay) named by the server, or an undo naming the move it took back.
 */
export type ShowMove = { kind: 'update'; changes: TShowChanges } | { kind: 'move'; label: string } | { kind: 'undo'; label?: string };

/** Who made a show move, and from which console, so the other consoles can name them. */
export interface ShowActor {
  userId: string;
  name: string;
  /** The console (`show.console`) it came from; null for a move from elsewhere (REST, a script). */
  consoleId: string | null;
  move: ShowMove;
}

/** One console (an open /master page), on whichever server instance it is connected to. */
export interface TConsole {
  id: string;
  userId: string;
  name: string;
  /** When it opened (ms since the epoch). */
  since: number;
}

/** What `show.console` sends: this console's own id and every console open now, itself included. */
export interface ConsolesMessage {
  self: string;
  consoles: TConsole[];
}

/** The wire messages of `system.join`, by type. */
export interface LiveMessages {
  /** `by` only for staff, and only on the change a show move made (never in a snapshot). */
  state: { system: ShowState; by?: ShowActor };
  teams: { listTeam: TTeamListItem[] };
  progress: TProgress;
  scores: { items: TScoreItem[] };
  answers: { questionId: string; items: TTeamAnswer[] };
  buzz: { questionId: string; order: TBuzz[] };
  mine: { questionId: string; answer: string; verdict: TTeamAnswer['verdict']; points: number };
  presence: { judges: string[] };
  /** Everyone: the vote (open, or the last one); its tally only for staff, and for others while a screen shows it. */
  vote: { vote: TVote | null };
  /** Staff: the results locked, every one (a small table, travelling whole). */
  locks: { locks: TResultsLock[] };
  /** Staff and judges: the jury (no points in it). */
  jury: { jury: TJury };
  reload: Record<never, never>;
}
export type LiveMessageType = keyof LiveMessages;
export type LiveMessage = { [K in LiveMessageType]: { type: K } & LiveMessages[K] }[LiveMessageType];

/** Phases in which the audience sees the selected question. */
export const QUESTION_PHASES: readonly ShowState['phase'][] = ['question', 'answer'];

/** The show as the given audience may see it: nothing of a question before it is on screen. */
export function projectSystem(system: ShowState, audience: Audience): ShowState {
  if (audience === 'staff' || !system.question || QUESTION_PHASES.includes(system.phase)) return system;
  return { ...system, question: null };
}

/** What the projector may fetch ahead: the selected question's media, with no text. */
export function nextMediaOf(question: ShowQuestion | null): ShowState['nextMedia'] {
  return question?.media ? { kind: question.media.kind, url: question.media.url } : null;
}

// ---- Stored domain changes ---------------------------------------------------------------------

/** The show as stored: the public state without version, title and event, plus the frozen board. */
export interface StoredShow extends Omit<ShowState, 'version' | 'title' | 'event' | 'nextMedia'> {
  frozenListTeam?: TTeamListItem[] | null;
  /** The audit events of the points the move that made this state gave (an obstacle keyword, say): undo reverses them. */
  moveScores?: number[];
  /** The answers and buzzes the move that made this state judged, as they were before it: undo puts them back. */
  moveRows?: MoveRow[];
  /** The move that made this state, in a few Vietnamese words, and who made it: the console's history and undo toast. */
  moveLabel?: string;
  moveBy?: string | null;
  /** The rows "Chơi lại vòng này" set aside with this move: undo brings them back. */
  moveArchived?: { setId: string; attempt: number };
  /**
   * Each round's own state, by question set: kept when the show moves to another round and back, and
   * across restarts. Staff only, like the move fields above: screens see the round on air.
   */
  rounds?: Record<string, RoundRecord>;
}

/** A judged answer or buzz as it was before a move: its verdict, points and field. */
export interface MoveRow {
  kind: 'answer' | 'buzz';
  questionId: string;
  teamId: string;
  verdict: 'right' | 'wrong' | null;
  points: number;
  fieldName: string | null;
}

/** One round's state (a question set's): its attempt, its board, and the audited points its moves gave. */
export interface RoundRecord {
  /** 1 for the first time the round is played; "Chơi lại vòng này" adds one. */
  attempt: number;
  obstacle: ObstacleScene | null;
  finish: FinishScene | null;
  /** The audit events of the points this attempt's moves gave: a replay takes them back. */
  scoreEvents: number[];
}

/** The event's name, date, venue, logo and round titles (one type with the settings screen's). */
export type EventSettings = TSettings;

/** A field of the scoring sheet, as the ranking and the checks use it. */
export type SheetField = Omit<TScoreField, '_id'>;

export interface LiveTeam {
  id: string;
  name: string;
  unit: string;
  logoUrl: string;
  priority: number;
  active: boolean;
}

/** A judge's seat: an active judge account, in the judges' order (priority, then name). */
export interface Seat {
  gkId: string;
  name: string;
}

/** One point set (`point`) or removed (`point: null`). */
export interface ScoreChange {
  teamId: string;
  gkId: string;
  fieldName: string;
  point: number | null;
  updatedAt: number;
}

/** The domain changes, by type: each carries what a read model needs to follow it. */
export interface DomainEvents {
  show: { version: number; scoringVersion: number; show: StoredShow; by?: ShowActor };
  settings: { settings: EventSettings };
  sheet: { fields: SheetField[]; scoringVersion: number };
  teams: { teams: LiveTeam[] };
  seats: { seats: Seat[] };
  scores: { changes: ScoreChange[] };
  /** Every answer to the question; `teamId` is the team whose answer changed, for its `mine`. */
  answers: { questionId: string; items: TTeamAnswer[]; teamId: string | null };
  /**
   * One team's first answer to a question, the others unchanged: what a team's answer records, so
   * a hall answering at once writes one answer per event, not the whole list each time.
   */
  answer: { questionId: string; answer: TTeamAnswer };
  buzz: { questionId: string; order: TBuzz[] };
  /** Every sudden-death result, oldest first (a small table, travelling whole). */
  suddenDeaths: { records: TSuddenDeath[] };
  /** The vote, open or last (null after a reset): opened, counted, closed or awarded. Never one per ballot. */
  vote: { vote: StoredVote | null };
  /** The installation's: the contest on stage changed, or the one on stage was archived or reopened. */
  contest: { contestId: string };
  /** Results locked or unlocked: every lock now, and the scoring gate's version, which a lock moves on. */
  resultsLocks: { locks: TResultsLock[]; scoringVersion: number };
  /** The head judge, a threshold, a recusal or a ruling changed: the jury now. */
  jury: { jury: TJury };
}
export type DomainEventType = keyof DomainEvents;
export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEvents[K] } }[DomainEventType];
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = [
  'show',
  'settings',
  'sheet',
  'teams',
  'seats',
  'scores',
  'answers',
  'answer',
  'buzz',
  'suddenDeaths',
  'vote',
  'contest',
  'resultsLocks',
  'jury',
];

/** A vote as stored and as its domain event carries it: the ballot's teams come from the model. */
export interface StoredVote extends Omit<TVote, 'teams' | 'tally' | 'ballots'> {
  tally: TVoteCount[];
  ballots: number;
}

/** Whether a screen shows the vote's tally to the audience: /screen's phase, screen 2's mode or the overlay. */
export function tallyShown(show: Pick<ShowState, 'phase' | 'screen2' | 'overlay'>): boolean {
  return show.phase === 'vote' || show.screen2 === 'vote' || show.overlay === 'vote';
}
