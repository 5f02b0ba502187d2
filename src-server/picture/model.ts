/**
 * The live read model: one in-memory picture of the night per server instance, kept by the live hub.
 * It is loaded once at start (`loadLiveData`, from each feature's loader) and advanced by every
 * committed domain change in id order; each change returns its wire messages, projected per audience.
 * Reads (state, snapshot, progress, ranking) come from here and cache their result until the next change.
 */
import {
  type Audience,
  type DomainEvent,
  type EventSettings,
  type LiveMessage,
  type LiveTeam,
  nextMediaOf,
  projectSystem,
  type Seat,
  type SheetField,
  type ShowActor,
  type StoredShow,
  type StoredVote,
  type TProgress,
  tallyShown,
} from '../../src/live';
import type { TScoreItem } from '../../src/schemas/scoring';
import type { ShowState, TBuzz, TTeamAnswer } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import type { TSuddenDeath } from '../../src/schemas/tieBreak';
import type { TVote } from '../../src/schemas/vote';
import { ANSWERS_GK_ID, compareTeamOrder, IncrementalRanking } from '../../src/scoring';
import { type AnswerOpening, speedTimes, tieBreakReason } from '../../src/tieBreak';
import { audienceOf, type LivePicture, type Output, type Viewer, viewerKey } from '../features/live/picture';
import { publicObstacleScene } from '../features/media/obstacle-address';

/** Everything the model holds, as a fresh load from the database gives it. */
export interface LiveData {
  show: { version: number; scoringVersion: number; stored: StoredShow };
  settings: EventSettings;
  fields: SheetField[];
  teams: LiveTeam[];
  seats: Seat[];
  /** Every stored point, the answers field's sums included. */
  scores: TScoreItem[];
  /** Every question's answers and buzz order, by question id (questions with none are left out). */
  answers: Record<string, TTeamAnswer[]>;
  buzz: Record<string, TBuzz[]>;
  /** When answers opened on each question (the speed-time rule), by question id. */
  openings: AnswerOpening[];
  /** Every sudden-death result, oldest first. */
  suddenDeaths: TSuddenDeath[];
  /** The audience vote: the open one, else the last; null when there has been none. */
  vote: StoredVote | null;
}

const scoreKey = (s: { teamId: string; gkId: string; fieldName: string }) => `${s.teamId}\u0000${s.gkId}\u0000${s.fieldName}`;

export class LiveModel implements LivePicture {
  private show: LiveData['show'];
  private settings: EventSettings;
  private fields: SheetField[];
  private teams: LiveTeam[];
  private seats: Seat[];
  private readonly scores = new Map<string, TScoreItem>();
  private ranking!: IncrementalRanking;
  private readonly answers = new Map<string, TTeamAnswer[]>();
  private readonly buzz = new Map<string, TBuzz[]>();
  private readonly openings = new Map<string, AnswerOpening>();
  private suddenDeaths: TSuddenDeath[];
  private storedVote: StoredVote | null;
  /** Reads computed since the last change. */
  private readonly memo = new Map<string, unknown>();

  constructor(
    data: LiveData,
    /** The id of the last event this model has followed. */
    public eventId: number,
  ) {
    this.show = data.show;
    this.settings = data.settings;
    this.fields = [...data.fields];
    this.teams = [...data.teams].sort(compareTeamOrder);
    this.seats = data.seats;
    for (const item of data.scores) this.scores.set(scoreKey(item), item);
    for (const [questionId, items] of Object.entries(data.answers)) this.answers.set(questionId, items);
    for (const [questionId, order] of Object.entries(data.buzz)) this.buzz.set(questionId, order);
    for (const opening of data.openings) this.openings.set(opening.questionId, opening);
    this.suddenDeaths = data.suddenDeaths;
    this.storedVote = data.vote;
    this.rebuildRanking();
  }

  /**
   * After the teams, the sheet, the tie-break chain, a speed round's times or a sudden death change:
   * the ranking starts again from every point.
   */
  private rebuildRanking(): void {
    const active = this.teams.filter((t) => t.active).map((t) => t.id);
    const rules = this.settings.tieBreakRules ?? null;
    // The right-answer times only count when the chain uses them (the default chain does not).
    const timed = rules?.some((r) => r.kind === 'speedTime') ?? false;
    const speedMs = timed ? speedTimes(this.openings.values(), (questionId) => this.answers.get(questionId) ?? []) : undefined;
    this.ranking = new IncrementalRanking(active, this.fields, [...this.scores.values()], {
      rules,
      speedMs,
      suddenDeaths: this.suddenDeaths,
    });
  }

  /** Whether the chain reads right-answer times. */
  private get timed(): boolean {
    return this.settings.tieBreakRules?.some((r) => r.kind === 'speedTime') ?? false;
  }

  /** The ranks and reasons every screen shows, to tell whether a change moved them. */
  private standings(): string {
    return JSON.stringify(this.ranking.results().map((r) => [r.teamId, r.rank, r.decidedBy ?? null]));
  }

  private remember<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  // ---- Reads ------------------------------------------------------------------------------------

  /** The scoring gate's version: what a judge's score was checked against. */
  get scoringVersion(): number {
    return this.show.scoringVersion;
  }

  get stored(): StoredShow {
    return this.show.stored;
  }

  eventSettings(): EventSettings {
    return this.settings;
  }

  sheet(): readonly SheetField[] {
    return this.fields;
  }

  allTeams(): readonly LiveTeam[] {
    return this.teams;
  }

  seatList(): readonly Seat[] {
    return this.seats;
  }

  /** The show for an audience: staff see the selected question, others only once it is shown. */
  system(audience: Audience): ShowState {
    const key = audience === 'staff' ? 'system:staff' : 'system:public';
    return this.remember(key, () => {
      // What only the server needs: the board before the freeze, the undo's and the rounds' records.
      const {
        frozenListTeam: _frozen,
        moveScores: _moveScores,
        moveRows: _moveRows,
        moveLabel: _moveLabel,
        moveBy: _moveBy,
        moveArchived: _moveArchived,
        rounds: _rounds,
        ...rest
      } = this.show.stored;
      const settings = this.settings;
      const full: ShowState = {
        ...rest,
        version: this.show.version,
        event: { name: settings.name, date: settings.date, venue: settings.venue, logoUrl: settings.logoUrl },
        title: settings.roundTitles[rest.fw] ?? '',
        nextMedia: nextMediaOf(rest.question),
      };
      const projected = projectSystem(full, audience);
      // The obstacle picture's original is the staff's: the others get the revealed tiles' composite.
      return audience === 'staff' || !projected.obstacle ? projected : { ...projected, obstacle: publicObstacleScene(projected.obstacle) };
    });
  }

  /** `"system":…,"listTeam":…` for GET /api/state, serialised once per change and audience. */
  stateJson(audience: Audience): string {
    const shared = audience === 'staff' ? 'staff' : 'public';
    return this.remember(
      `json:${shared}`,
      () => `"system":${JSON.stringify(this.system(shared))},"listTeam":${JSON.stringify(this.listTeam(shared))}`,
    );
  }

  /** Live totals and ranks of the active teams. */
  liveListTeam(): TTeamListItem[] {
    return this.remember('listTeam:live', () => {
      return this.teams
        .filter((t) => t.active)
        .map((t) => {
          const result = this.ranking.resultOf(t.id);
          return {
            _id: t.id,
            name: t.name,
            unit: t.unit,
            logoUrl: t.logoUrl,
            priority: t.priority,
            total: result?.total ?? 0,
            rank: result?.rank ?? 0,
            fieldScores: result?.fieldScores ?? {},
            tieBreak: tieBreakReason(result?.decidedBy, this.fields),
          };
        });
    });
  }

  /**
   * The groups of active teams still tied when the chain reaches its sudden-death rule (none when the
   * chain has no such rule): whom a câu hỏi phụ is for.
   */
  suddenDeathGroups(): string[][] {
    return this.ranking.suddenDeathGroups();
  }

  /** What an audience sees of the totals: frozen ones for all but staff while frozen. */
  listTeam(audience: Audience): TTeamListItem[] {
    const frozen = this.show.stored.scoreboardFrozen ? this.show.stored.frozenListTeam : null;
    return audience !== 'staff' && frozen ? frozen : this.liveListTeam();
  }

  progress(fieldName: string): TProgress {
    return this.remember(`progress:${fieldName}`, () => {
      const done: TProgress['done'] = [];
      for (const item of this.scores.values()) {
        if (item.fieldName === fieldName && item.gkId !== ANSWERS_GK_ID) done.push({ teamId: item.teamId, gkId: item.gkId });
      }
      return { fieldName, judges: this.seats.map((s) => ({ gkId: s.gkId, name: s.name })), done };
    });
  }

  /** Stored points, without the answers field's sums. */
  judgeScores(gkId?: string | null): TScoreItem[] {
    const all = this.remember('scores:judges', () => [...this.scores.values()].filter((i) => i.gkId !== ANSWERS_GK_ID));
    return gkId === undefined ? all : all.filter((i) => i.gkId === gkId);
  }

  allScores(): TScoreItem[] {
    return [...this.scores.values()];
  }

  answersTo(questionId: string): TTeamAnswer[] {
    return this.answers.get(questionId) ?? [];
  }

  buzzOrder(questionId: string): TBuzz[] {
    return this.buzz.get(questionId) ?? [];
  }

  /** The vote as stored (open, or the last one). */
  vote(): StoredVote | null {
    return this.storedVote;
  }

  /**
   * The vote as an audience sees it: its teams from the team list (a deleted team drops out), and its
   * tally for the staff always, for everyone else only while a screen shows it.
   */
  voteFor(audience: Audience): TVote | null {
    const stored = this.storedVote;
    if (!stored) return null;
    const key = audience === 'staff' || tallyShown(this.show.stored) ? 'vote:tally' : 'vote:public';
    return this.remember(key, () => {
      const onBallot = new Set(stored.teamIds);
      const teams = this.teams
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

  /** A fresh picture of everything this viewer follows, as messages; shared by equal viewers. */
  snapshot(viewer: Viewer): LiveMessage[] {
    return this.remember(`snapshot:${viewerKey(viewer)}`, () => {
      const audience = audienceOf(viewer);
      const messages: LiveMessage[] = [
        { type: 'state', system: this.system(audience) },
        { type: 'teams', listTeam: this.listTeam(audience) },
      ];
      const questionId = this.show.stored.questionId;
      if (audience === 'staff' && questionId) {
        messages.push({ type: 'answers', questionId, items: this.answersTo(questionId) });
        messages.push({ type: 'buzz', questionId, order: this.buzzOrder(questionId) });
      }
      if (audience === 'team' && questionId) {
        const mine = this.answersTo(questionId).find((a) => a.teamId === viewer.teamId);
        if (mine) messages.push({ type: 'mine', questionId, answer: mine.answer, verdict: mine.verdict, points: mine.points });
      }
      for (const fieldName of this.show.stored.openFields) messages.push({ type: 'progress', ...this.progress(fieldName) });
      if (this.storedVote) messages.push({ type: 'vote', vote: this.voteFor(audience) });
      if (audience === 'staff') messages.push({ type: 'scores', items: this.judgeScores() });
      if (audience === 'judge') messages.push({ type: 'scores', items: this.judgeScores(viewer.userId) });
      return messages;
    });
  }

  /** The model's content in the shape of a fresh load, for comparing the two. */
  toData(): LiveData {
    return {
      show: this.show,
      settings: this.settings,
      fields: this.fields,
      teams: this.teams,
      seats: this.seats,
      scores: [...this.scores.values()],
      answers: Object.fromEntries([...this.answers].filter(([, items]) => items.length > 0)),
      buzz: Object.fromEntries([...this.buzz].filter(([, order]) => order.length > 0)),
      openings: [...this.openings.values()].sort((a, b) => (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0)),
      suddenDeaths: this.suddenDeaths,
      vote: this.storedVote,
    };
  }

  // ---- Changes ----------------------------------------------------------------------------------

  /**
   * Follows the opening of answers on the show's question (as `recordAnswersOpened` stores it); true
   * when the ranking moved with it (the chain times right answers in speed rounds).
   */
  private followOpening(show: StoredShow): boolean {
    if (!show.questionId || show.answersOpenedAt === null) return false;
    const opening = { questionId: show.questionId, openedAt: show.answersOpenedAt, speed: show.format === 'speed' };
    const known = this.openings.get(opening.questionId);
    if (known && known.openedAt === opening.openedAt && known.speed === opening.speed) return false;
    this.openings.set(opening.questionId, opening);
    if (!this.timed) return false;
    const before = this.standings();
    this.rebuildRanking();
    return before !== this.standings();
  }

  /** The state for each audience; a show move's maker (`by`) is told to the staff only. */
  private stateOutput(by?: ShowActor): Output {
    const staff: LiveMessage = by ? { type: 'state', system: this.system('staff'), by } : { type: 'state', system: this.system('staff') };
    return { staff, others: { type: 'state', system: this.system('public') } };
  }

  private teamsOutput(): Output {
    return { staff: { type: 'teams', listTeam: this.listTeam('staff') }, others: { type: 'teams', listTeam: this.listTeam('public') } };
  }

  private voteOutput(): Output {
    return { staff: { type: 'vote', vote: this.voteFor('staff') }, others: { type: 'vote', vote: this.voteFor('public') } };
  }

  private progressOutput(fieldName: string): Output {
    const message: LiveMessage = { type: 'progress', ...this.progress(fieldName) };
    return { staff: message, others: message };
  }

  /** The progress of each open field (every criterion of a judged round's sheet). */
  private openProgressOutputs(): Output[] {
    return this.show.stored.openFields.map((fieldName) => this.progressOutput(fieldName));
  }

  /** Follows one committed change and returns what each viewer is told of it. */
  apply(id: number, event: DomainEvent): Output[] {
    this.eventId = Math.max(this.eventId, id);
    this.memo.clear();
    switch (event.type) {
      case 'show': {
        const wasFrozen = this.show.stored.scoreboardFrozen;
        const wasShown = tallyShown(this.show.stored);
        const wasOpen = this.show.stored.openFields;
        this.show = { version: event.payload.version, scoringVersion: event.payload.scoringVersion, stored: event.payload.show };
        const outputs = [this.stateOutput(event.payload.by)];
        // A newly opened field (a judged round's sheet opens several): each one's progress from the start.
        for (const fieldName of this.show.stored.openFields) {
          if (!wasOpen.includes(fieldName)) outputs.push(this.progressOutput(fieldName));
        }
        const moved = this.followOpening(event.payload.show);
        if (moved || wasFrozen !== this.show.stored.scoreboardFrozen) outputs.push(this.teamsOutput());
        // The audience sees the tally from the move that puts it on a screen, and no longer after.
        if (this.storedVote && wasShown !== tallyShown(this.show.stored)) outputs.push(this.voteOutput());
        return outputs;
      }
      case 'settings': {
        const chainChanged =
          JSON.stringify(this.settings.tieBreakRules ?? null) !== JSON.stringify(event.payload.settings.tieBreakRules ?? null);
        this.settings = event.payload.settings;
        if (!chainChanged) return [this.stateOutput()];
        this.rebuildRanking();
        return [this.stateOutput(), this.teamsOutput()];
      }
      case 'suddenDeaths': {
        this.suddenDeaths = event.payload.records;
        const before = this.standings();
        this.rebuildRanking();
        return before === this.standings() ? [] : [this.teamsOutput()];
      }
      case 'sheet': {
        this.fields = event.payload.fields;
        this.show = { ...this.show, scoringVersion: event.payload.scoringVersion };
        this.rebuildRanking();
        return [this.teamsOutput(), ...this.openProgressOutputs()];
      }
      case 'teams': {
        this.teams = [...event.payload.teams].sort(compareTeamOrder);
        // A deleted team takes its points, answers and buzzes with it (the database cascades).
        const ids = new Set(this.teams.map((t) => t.id));
        for (const [key, item] of this.scores) if (!ids.has(item.teamId)) this.scores.delete(key);
        for (const [questionId, items] of this.answers)
          this.answers.set(
            questionId,
            items.filter((a) => ids.has(a.teamId)),
          );
        for (const [questionId, order] of this.buzz)
          this.buzz.set(
            questionId,
            order.filter((b) => ids.has(b.teamId)),
          );
        this.rebuildRanking();
        return this.storedVote ? [this.teamsOutput(), this.voteOutput()] : [this.teamsOutput()];
      }
      case 'seats': {
        this.seats = event.payload.seats;
        return this.openProgressOutputs();
      }
      case 'scores': {
        const changed: TScoreItem[] = [];
        const fields = new Set<string>();
        for (const change of event.payload.changes) {
          const key = scoreKey(change);
          this.ranking.setPoint(change.teamId, change.gkId, change.fieldName, change.point);
          if (change.point === null) this.scores.delete(key);
          else {
            const item: TScoreItem = {
              teamId: change.teamId,
              gkId: change.gkId,
              fieldName: change.fieldName,
              point: change.point,
              updatedAt: change.updatedAt,
            };
            this.scores.set(key, item);
            if (change.gkId !== ANSWERS_GK_ID) changed.push(item);
          }
          if (change.gkId !== ANSWERS_GK_ID) fields.add(change.fieldName);
        }
        const outputs: Output[] = [];
        if (fields.size > 0 || changed.length > 0) {
          const scores: LiveMessage = { type: 'scores', items: changed };
          outputs.push({
            staff: scores,
            others: null,
            judge: (gkId) => {
              const own = changed.filter((i) => i.gkId === gkId);
              return own.length ? { type: 'scores', items: own } : null;
            },
          });
        }
        for (const fieldName of fields) outputs.push(this.progressOutput(fieldName));
        outputs.push(this.teamsOutput());
        return outputs;
      }
      case 'answers': {
        const { questionId, items, teamId } = event.payload;
        this.answers.set(questionId, items);
        const retime = this.timed && this.openings.get(questionId)?.speed === true;
        const before = retime ? this.standings() : '';
        if (retime) this.rebuildRanking();
        const ranking: Output[] = retime && before !== this.standings() ? [this.teamsOutput()] : [];
        const changedAnswer = teamId ? items.find((a) => a.teamId === teamId) : undefined;
        const mine: LiveMessage | null = changedAnswer
          ? { type: 'mine', questionId, answer: changedAnswer.answer, verdict: changedAnswer.verdict, points: changedAnswer.points }
          : null;
        return [
          {
            staff: { type: 'answers', questionId, items },
            others: null,
            team: (viewerTeam) => (mine && viewerTeam === teamId ? mine : null),
          },
          ...ranking,
        ];
      }
      case 'buzz': {
        const { questionId, order } = event.payload;
        this.buzz.set(questionId, order);
        return [{ staff: { type: 'buzz', questionId, order }, others: null }];
      }
      case 'vote': {
        this.storedVote = event.payload.vote;
        return [this.voteOutput()];
      }
    }
  }
}
