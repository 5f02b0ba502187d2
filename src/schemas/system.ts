import type { TPublicUser } from './auth';
import type { ShowState } from './show';
import type { TTieNote } from './tieBreak';

export type { ShowState };

export interface TTeamListItem {
  _id: string;
  name: string;
  unit: string;
  logoUrl: string;
  priority: number;
  /** The official total: the exact weighted sum rounded once to one decimal (`officialTotal` in src/scoring.ts). */
  total: number;
  /** Shared ranks for equal teams (đồng hạng). */
  rank: number;
  /** fieldName → score, or null where nobody has scored. */
  fieldScores: Record<string, number | null>;
  /** Below a team with the same total: the tie-break rule that put it there ("xếp sau do Phần 2"). */
  tieBreak?: string | null;
  /** Why it stands where it does among the teams with its total, for the projector and the team's phone (`tieNotes`). */
  tie?: TTieNote;
  /** Staff only: a judges' disagreement on the team waits for the head judge ("chờ trưởng ban"). */
  awaitingHeadJudge?: true;
}

/** The answer of GET /api/state (the contract's four fields). */
export interface TApiState {
  now: number;
  user: TPublicUser | null;
  system: ShowState;
  listTeam: TTeamListItem[];
}

/** The answer of system.state and the state written into a page: GET /api/state's, and the event it includes. */
export interface TSystemState extends TApiState {
  /** The last live event this answer includes: a live message of a later event is newer. */
  eventId: number;
}
