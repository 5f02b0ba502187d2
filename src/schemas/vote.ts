/**
 * The audience vote (bình chọn): the master opens it for some teams, every phone in the hall casts
 * one ballot from `/` (one per device, from an anonymous signed cookie), and the tally follows live,
 * counted by one instance at a time at most twice a second. After closing, the vote may become
 * points on a field of the sheet (source `vote`).
 */
import { validationText } from '../messages/validation';
import { ZId } from './common';
import { z } from './zod';

/** Ballots one address may cast per window: a hall behind one NAT must not be blocked. */
export const VOTE_BALLOTS_PER_ADDRESS = 5000;
export const VOTE_WINDOW_MS = 15 * 60_000;
/** How often the tally is counted at most (ms): twice a second. */
export const VOTE_TALLY_INTERVAL_MS = 500;
/** The ballot cookie: a random 128-bit id and its HMAC, for 30 days. */
export const VOTE_COOKIE = 'hoithi_ballot';
export const VOTE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface TVoteTeam {
  _id: string;
  name: string;
  unit: string;
  logoUrl: string;
}

export interface TVoteCount {
  teamId: string;
  count: number;
}

/** A vote as everyone may see it; `tally` and `ballots` are null for the public unless a screen shows them. */
export interface TVote {
  _id: string;
  open: boolean;
  teamIds: string[];
  /** The teams on the ballot, in the ballot's order (priority, then name). */
  teams: TVoteTeam[];
  /** How many teams one ballot may choose. */
  choices: number;
  /** Whether a device may vote again, replacing its ballot. */
  changeable: boolean;
  /** When it closes by itself (ms since the epoch); null for a manual close. */
  closesAt: number | null;
  openedAt: number;
  closedAt: number | null;
  /** Votes per team, every team of the ballot listed (0 included), in the ballot's order. */
  tally: TVoteCount[] | null;
  /** Ballots cast (devices). */
  ballots: number | null;
  /** The points the vote became, once the master gave them. */
  award: TVoteAward | null;
}

export interface TVoteAward {
  fieldName: string;
  teamIds: string[];
  points: number;
}

/** The address to vote at, for the QR code and the short address on the screens. */
export interface TVoteAnswer {
  vote: TVote | null;
  /** This device's ballot in the vote (team ids), or null when it has not voted. */
  mine: string[] | null;
  url: string;
  /** The last live event this answer includes: a live `vote` message of a later event is newer. */
  eventId: number;
}

const ZTeamIds = z
  .array(ZId)
  .min(1, { message: validationText.voteTeamsRequired })
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, { message: validationText.voteTeamTwice });

/** `PUT /api/vote`: open a vote (teams, choices, changes allowed, a closing time) or close it. */
export const ZVoteUpdateSchema = z.discriminatedUnion('open', [
  z
    .object({
      open: z.literal(true),
      teamIds: ZTeamIds.refine((ids) => ids.length >= 2, { message: validationText.voteTeamsRequired }),
      choices: z.number().int().min(1).max(10).default(1),
      changeable: z.boolean().default(false),
      /** ms since the epoch, or an ISO date-time; null or absent for a manual close. */
      closesAt: z
        .union([z.number().int().positive(), z.iso.datetime({ offset: true })])
        .nullable()
        .optional(),
    })
    .strict(),
  z.object({ open: z.literal(false) }).strict(),
]);
export type TVoteUpdate = z.infer<typeof ZVoteUpdateSchema>;

/** `POST /api/vote`: one ballot. */
export const ZBallotSchema = z.object({ teamIds: ZTeamIds }).strict();

/** Turns the last closed vote into points on a field: the winners (ties included) get its maximum. */
export const ZVoteAwardSchema = z.object({ fieldName: z.string().trim().min(1).max(50) }).strict();

/** One network address's ballots in a vote, for the console (an IPv6 address by its /64). */
export interface TVoteSource {
  address: string;
  /** Ballots stored from it (every instance's), discarded ones included. */
  ballots: number;
  /** Ballots refused from it (this instance's count: too fast, without the page's cookie, already voted…). */
  refused: number;
  /** Set once the staff discarded its ballots: how many, when. */
  discarded: { ballots: number; at: number } | null;
}

/** `vote.sources`: the addresses with the most ballots in the open or last vote, most first. */
export interface TVoteSources {
  voteId: string | null;
  sources: TVoteSource[];
}

/** `vote.discard`: strike one address's ballots from the vote, before its award. */
export const ZVoteDiscardSchema = z
  .object({
    voteId: z.string().trim().min(1).max(20),
    address: z.string().trim().min(1).max(100),
  })
  .strict();
