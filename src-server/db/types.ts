import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { Role } from '../../src/constants';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/**
 * A jsonb column: written as JSON text, read as `unknown`, so every read goes through its zod schema
 * (src-server/db/json.ts, one helper per column in its feature's data module) and is never cast.
 */
/**
 * The contest a row belongs to: a scoped handle (`db/scope.ts`) fills it on every insert and filters
 * every read, update and delete by it, so features never name it; a row never changes contest.
 */
type ContestId = ColumnType<string, string | undefined, never>;
type Json<Insert = string> = ColumnType<unknown, Insert, string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  password_hash: string | null;
  full_name: Generated<string>;
  email: Generated<string>;
  mobile: Generated<string>;
  birthday: string | null;
  role: Role;
  team_id: string | null;
  /** A team account's contest; null for the installation's staff and judges. */
  contest_id: string | null;
  priority: Generated<number>;
  active: Generated<boolean>;
  judge_token_hash: string | null;
  search_text: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string; // sha-256 of the cookie token
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  last_used_at: UpdatedAt;
}

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  unit: Generated<string>;
  members: Json<string | undefined>;
  logo_url: Generated<string>;
  priority: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface ShowStateTable {
  id: number;
  version: number;
  /** Grows only when the scoring gate changes: the open field, scoringOpen, the field's definition. */
  scoring_version: Generated<number>;
  state: Json;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface SettingsTable {
  id: number;
  data: Json;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface EventsTable {
  id: Generated<number>;
  type: string;
  payload: Json;
  /** The contest the change is of; null for the installation's own (the contest on stage changed). */
  contest_id: string | null;
  created_at: CreatedAt;
}

export interface QuestionSetsTable {
  id: Generated<string>;
  set_no: number;
  title: string;
  priority: Generated<number>;
  version: Generated<number>;
  items: Json<string | undefined>;
  format: Json<string | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface RulesTable {
  id: Generated<string>;
  title: string;
  content: Generated<string>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface ScoreFieldsTable {
  id: Generated<string>;
  name: string;
  label: string;
  kind: Generated<'judges' | 'answers'>;
  min_point: Generated<number>;
  max_point: number;
  step: Generated<number>;
  weight: Generated<number>;
  drop_extremes: Generated<boolean>;
  position: Generated<number>;
  /** The round (1–6) the field belongs to, if any. */
  round: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface MediaTable {
  id: Generated<string>;
  content_type: string;
  file_name: Generated<string>;
  size: number;
  data: Uint8Array;
  /** An obstacle round's picture: served to the staff only (the trigger of the media_secret migration sets it). */
  secret: Generated<boolean>;
  created_at: CreatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface ShowHistoryTable {
  version: number;
  state: Json;
  created_at: CreatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface TeamAnswersTable {
  id: Generated<string>;
  question_id: string;
  team_id: string;
  answer: string;
  at: number;
  verdict: 'right' | 'wrong' | null;
  points: Generated<number>;
  field_name: string | null;
  /** Null for the round's current attempt; the attempt's number once "Chơi lại vòng này" set it aside. */
  archived_attempt: Generated<number | null>;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface BuzzesTable {
  question_id: string;
  team_id: string;
  at: number;
  /** The arrival sequence: orders buzzes of the same millisecond. */
  seq: Generated<string>;
  /** A buzzer question's verdict on this buzz, and the points it gave (on `field_name`). */
  verdict: Generated<'right' | 'wrong' | null>;
  points: Generated<number>;
  field_name: Generated<string | null>;
  /** Null for the round's current attempt; the attempt's number once "Chơi lại vòng này" set it aside. */
  archived_attempt: Generated<number | null>;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface ScoresTable {
  team_id: string;
  gk_id: string;
  field_name: string;
  point: number;
  updated_by: string | null;
  updated_at: UpdatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

/** The mechanism behind a point; `score_events.rule` holds the concrete rule (`speed:place=2:30`). */
export type ScoreSource =
  | 'judge'
  | 'admin'
  | 'admin-all'
  | 'answer'
  | 'undo'
  | 'reset'
  | 'speed'
  | 'row'
  | 'keyword'
  | 'star'
  | 'steal'
  | 'package'
  | 'vote'
  | 'buzz'
  | 'hand'
  | 'restart';

export interface ScoreEventsTable {
  id: Generated<number>;
  team_id: string;
  gk_id: string;
  field_name: string;
  old_point: number | null;
  new_point: number | null;
  actor_id: string | null;
  source: ScoreSource;
  reason: string | null;
  /** The concrete rule applied, e.g. `speed:place=2:30` or `keyword:rows=2:60`. */
  rule: Generated<string | null>;
  idempotency_key: string | null;
  request_hash: string | null;
  undoes: number | null;
  created_at: CreatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

/**
 * One action an organiser may have to answer for (a round replayed, points given by hand…), beside
 * the points' own log; append-only. `actor_id` is not a foreign key: the log keeps the name.
 */
export interface ActionLogTable {
  id: Generated<number>;
  created_at: CreatedAt;
  actor_id: string | null;
  actor_name: string | null;
  kind: string;
  /** For people, in Vietnamese. */
  summary: string;
  target: Json | null;
  before: Json | null;
  after: Json | null;
  /** The contest the entry belongs to; null for the installation's own (an event deleted). */
  contest_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface IdempotencyKeysTable {
  actor_id: string;
  key: string;
  request_hash: string;
  response: Json;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_at: number;
  last_at: number;
}

/** One open console (/master page); `last_seen` is refreshed by its instance's heartbeat. */
export interface ConsolePresenceTable {
  id: string;
  instance_id: string;
  user_id: string;
  name: string;
  since: ColumnType<Date, Date | undefined, never>;
  last_seen: ColumnType<Date, Date | undefined, Date>;
}

/** When answers last opened on a question, and whether its set was a speed round (the speed-time rule). */
export interface AnswerOpeningsTable {
  question_id: string;
  opened_at: number;
  speed: boolean;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

/** A sudden-death question's result among tied teams (`participants`: their ids, JSON). */
export interface SuddenDeathsTable {
  id: Generated<number>;
  question_id: string;
  participants: Json;
  winner_id: string;
  at: number;
  created_at: CreatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface VotesTable {
  id: Generated<number>;
  team_ids: Json;
  choices: number;
  changeable: boolean;
  opened_at: number;
  closes_at: number | null;
  closed_at: number | null;
  opened_by: string | null;
  tally: ColumnType<unknown, string | undefined, string>;
  ballots: Generated<number>;
  tallied_at: number | null;
  award: Json | null;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface BallotsTable {
  vote_id: number;
  device: string;
  team_ids: Json;
  address: string;
  cast_at: CreatedAt;
}

export interface VoteLimitsTable {
  address: string;
  window_start: number;
  count: number;
}

/** An address whose ballots the staff struck from a vote (migration 0016). */
export interface VoteDiscardsTable {
  vote_id: number;
  address: string;
  ballots: number;
  action_id: number;
  created_at: CreatedAt;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** An event of the installation (a contest); its title, date and venue are its settings. */
export interface ContestsTable {
  id: Generated<string>;
  archived: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The installation's own state (one row). */
export interface InstallationTable {
  id: number;
  /** The contest on stage: the seed's routes and calls act on it. */
  active_contest_id: string;
  updated_at: UpdatedAt;
}

/** A judge sitting on a contest's panel. */
export interface ContestJudgesTable {
  contest_id: ContestId;
  user_id: string;
}

/** Headers an organiser mapped by hand in an import, per installation (migration 0019). */
export interface ImportColumnsTable {
  kind: string;
  header_key: string;
  header: string;
  field: string | null;
  updated_at: Generated<Date>;
}

/** Results locked (migration 0020): a round's (`round`, 1–6) or the whole event's (`round` null). */
export interface ResultsLocksTable {
  id: Generated<string>;
  round: number | null;
  /** Who locked it (not a foreign key: `locked_by_name` keeps the name after the account goes). */
  locked_by: string | null;
  locked_by_name: Generated<string>;
  locked_at: CreatedAt;
  /** The contest the row belongs to (`contests`). */
  contest_id: ContestId;
}

export interface Database {
  contests: ContestsTable;
  contest_judges: ContestJudgesTable;
  installation: InstallationTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  teams: TeamsTable;
  show_state: ShowStateTable;
  settings: SettingsTable;
  events: EventsTable;
  question_sets: QuestionSetsTable;
  rules: RulesTable;
  score_fields: ScoreFieldsTable;
  media: MediaTable;
  show_history: ShowHistoryTable;
  team_answers: TeamAnswersTable;
  buzzes: BuzzesTable;
  scores: ScoresTable;
  score_events: ScoreEventsTable;
  action_log: ActionLogTable;
  idempotency_keys: IdempotencyKeysTable;
  console_presence: ConsolePresenceTable;
  answer_openings: AnswerOpeningsTable;
  sudden_deaths: SuddenDeathsTable;
  votes: VotesTable;
  ballots: BallotsTable;
  vote_limits: VoteLimitsTable;
  vote_discards: VoteDiscardsTable;
  server_secrets: ServerSecretsTable;
  import_columns: ImportColumnsTable;
  results_locks: ResultsLocksTable;
  jury_settings: JurySettingsTable;
  recusals: RecusalsTable;
  jury_rulings: JuryRulingsTable;
}

/** A contest's head judge and disagreement thresholds (migration 0021); no row: the defaults. */
export interface JurySettingsTable {
  contest_id: ContestId;
  head_judge_id: string | null;
  /** Criterion name → points. */
  thresholds: Json<string | undefined>;
}

/** A judge who does not score a team; their points for it are kept and not counted. */
export interface RecusalsTable {
  id: Generated<string>;
  contest_id: ContestId;
  judge_id: string;
  team_id: string;
  reason: string;
  created_at: CreatedAt;
}

/** A head judge's step on a team's criterion: accept, re-score request or decision. */
export interface JuryRulingsTable {
  id: Generated<string>;
  contest_id: ContestId;
  team_id: string;
  field_name: string;
  kind: 'accept' | 'rescore' | 'decision';
  judge_id: string | null;
  point: number | null;
  reason: Generated<string>;
  /** Judge → point, as accepted. */
  seen: ColumnType<unknown, string | null | undefined, string | null>;
  actor_id: string | null;
  actor_name: Generated<string>;
  at: CreatedAt;
  answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
