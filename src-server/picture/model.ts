/**
 * The live read model: one in-memory picture of the night per server instance, kept by the live hub.
 * It is each feature's part (the stage, the answers, the standings, the vote), loaded once at start
 * (`loadLiveData`, from each feature's loader) and advanced by every committed domain change in id
 * order; each change returns its wire messages, projected per audience. Reads (state, snapshot,
 * progress, ranking) come from the parts and cache their result until the next change.
 */
import type { Audience, DomainEvent, LiveMessage } from '../../src/live';
import { type JuryData, JuryPicture } from '../features/jury/picture';
import { type LivePicture, type LiveScope, Memo, type Output, type PicturePart, type Viewer, viewerKey } from '../features/live/picture';
import { type LocksData, LocksPicture } from '../features/results/locks-picture';
import { type StandingsData, StandingsPicture } from '../features/scoring/standings-picture';
import { type AnswersData, AnswersPicture } from '../features/show/answers-picture';
import { type StageData, StagePicture } from '../features/show/stage-picture';
import { type VoteData, VotePicture } from '../features/vote/picture';

/** Everything the model holds, as a fresh load from the database gives it. */
export type LiveData = StageData & AnswersData & StandingsData & VoteData & LocksData & JuryData;

export class LiveModel implements LivePicture {
  readonly stage: StagePicture;
  readonly answers: AnswersPicture;
  readonly standings: StandingsPicture;
  readonly votes: VotePicture;
  readonly locks: LocksPicture;
  readonly jury: JuryPicture;
  /**
   * The parts in dependency order: each follows a change after the parts it reads (the standings
   * read the stage's chain, the answers' times and the jury's decisions; the vote reads the stage and
   * the team list).
   */
  private readonly parts: readonly PicturePart<unknown>[];
  /** The parts in the order a fresh screen is told of them: the state first, then the teams. */
  private readonly snapshotOrder: readonly PicturePart<unknown>[];
  private readonly memo = new Memo();

  constructor(
    data: LiveData,
    /** The id of the last event this model has followed. */
    public eventId: number,
    /** The contest it is of: the one on stage. */
    readonly scope: LiveScope,
  ) {
    this.stage = new StagePicture(data, this.memo, scope.contest);
    this.answers = new AnswersPicture(data, this.stage);
    this.jury = new JuryPicture(data);
    this.standings = new StandingsPicture(data, this.memo, this.stage, this.answers, this.jury);
    this.votes = new VotePicture(data, this.memo, this.stage, this.standings);
    this.locks = new LocksPicture(data);
    this.parts = [this.stage, this.answers, this.jury, this.standings, this.votes, this.locks];
    this.snapshotOrder = [this.stage, this.standings, this.answers, this.votes, this.locks, this.jury];
  }

  /** Follows one committed change and returns what each viewer is told of it. */
  apply(id: number, event: DomainEvent): Output[] {
    this.eventId = Math.max(this.eventId, id);
    this.memo.clear();
    return this.parts.flatMap((part) => part.follow(event));
  }

  /** A fresh picture of everything this viewer follows, as messages; shared by equal viewers. */
  snapshot(viewer: Viewer): LiveMessage[] {
    return this.memo.get(`snapshot:${viewerKey(viewer)}`, () => this.snapshotOrder.flatMap((part) => part.snapshot(viewer)));
  }

  /** `"system":…,"listTeam":…` for GET /api/state, serialised once per change and audience. */
  stateJson(audience: Audience): string {
    const shared = audience === 'staff' ? 'staff' : 'public';
    return this.memo.get(
      `json:${shared}`,
      () => `"system":${JSON.stringify(this.stage.system(shared))},"listTeam":${JSON.stringify(this.standings.listTeam(shared))}`,
    );
  }

  /** The model's content in the shape of a fresh load, for comparing the two. */
  toData(): LiveData {
    return {
      ...this.stage.data(),
      ...this.answers.data(),
      ...this.standings.data(),
      ...this.votes.data(),
      ...this.locks.data(),
      ...this.jury.data(),
    };
  }
}
