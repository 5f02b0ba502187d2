/**
 * What the server writes into ballot.html, the audience's ballot (answered at / while a vote is
 * open): the event's name and the same answer as `GET /api/vote` for this device, so a phone shows
 * the ballot with its first paint and asks the server nothing more before the first tap.
 */
import type { TVoteAnswer } from './schemas/vote';

/** The id of the `<script type="application/json">` that carries `BallotPageData`. */
export const BALLOT_PAGE_ELEMENT_ID = 'hoi-thi-ballot';

export interface BallotPageData {
  eventName: string;
  answer: TVoteAnswer;
}
