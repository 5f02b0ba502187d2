/**
 * The audience vote's share of the live picture: the open vote, else the last one, with its teams
 * taken from the team list and its tally shown to the audience only while a screen shows it.
 */
import {
  type Audience,
  type DomainEvent,
  type LiveMessage,
  type LiveTeam,
  type StoredShow,
  type StoredVote,
  tallyShown,
} from '../../../src/live';
import type { TVote } from '../../../src/schemas/vote';
import { audienceOf, type Memo, type Output, type PicturePart, type Viewer } from '../live/picture';

export interface VoteData {
  /** The audience vote: the open one, else the last; null when there has been none. */
  vote: StoredVote | null;
}

export class VotePicture implements PicturePart<VoteData> {
  private stored: StoredVote | null;
  /** Whether a screen showed the tally at the last show move. */
  private shown: boolean;

  constructor(
    data: VoteData,
    private readonly memo: Memo,
    /** The stage, for whether a screen shows the tally. */
    private readonly stage: { readonly stored: StoredShow },
    /** The team list the ballot's teams are read from. */
    private readonly standings: { allTeams(): readonly LiveTeam[] },
  ) {
    this.stored = data.vote;
    this.shown = tallyShown(stage.stored);
  }

  /** The vote as stored (open, or the last one). */
  vote(): StoredVote | null {
    return this.stored;
  }

  /**
   * The vote as an audience sees it: its teams from the team list (a deleted team drops out), and its
   * tally for the staff always, for everyone else only while a screen shows it.
   */
  voteFor(audience: Audience): TVote | null {
    const stored = this.stored;
    if (!stored) return null;
    const key = audience === 'staff' || tallyShown(this.stage.stored) ? 'vote:tally' : 'vote:public';
    return this.memo.get(key, () => {
      const onBallot = new Set(stored.teamIds);
      const teams = this.standings
        .allTeams()
        .filter((t) => onBallot.has(t.id))
        .map((t) => ({ _id: t.id, name: t.name, unit: t.unit, logoUrl: t.logoUrl }));
      const order = new Map(teams.map((t, index) => [t._id, index]));
      const tally = stored.tally.filter((c) => order.has(c.teamId)).sort((a, b) => order.get(a.teamId)! - order.get(b.teamId)!);
      const shown = key === 'vote:tally';
      return {
        ...stored,
        teamIds: teams.map((t) => t._id),
        teams,
        tally: shown ? tally : null,
        ballots: shown ? stored.ballots : null,
      };
    });
  }

  private voteOutput(): Output {
    return { staff: { type: 'vote', vote: this.voteFor('staff') }, others: { type: 'vote', vote: this.voteFor('public') } };
  }

  follow(event: DomainEvent): Output[] {
    switch (event.type) {
      case 'show': {
        // The audience sees the tally from the move that puts it on a screen, and no longer after.
        const wasShown = this.shown;
        this.shown = tallyShown(this.stage.stored);
        return this.stored && wasShown !== this.shown ? [this.voteOutput()] : [];
      }
      case 'teams':
        // A deleted team drops off the ballot.
        return this.stored ? [this.voteOutput()] : [];
      case 'vote':
        this.stored = event.payload.vote;
        return [this.voteOutput()];
      default:
        return [];
    }
  }

  snapshot(viewer: Viewer): LiveMessage[] {
    return this.stored ? [{ type: 'vote', vote: this.voteFor(audienceOf(viewer)) }] : [];
  }

  data(): VoteData {
    return { vote: this.stored };
  }
}
