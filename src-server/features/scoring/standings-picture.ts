/**
 * The standings' share of the live picture: the teams, the scoring sheet, the judges' seats, every
 * stored point and what the tie-break chain reads (answer openings, sudden deaths), kept as an
 * incremental ranking. The `teams`, `progress` and `scores` messages come from here.
 */

import { cellStates, isRecused, type TJury, teamsAwaitingHeadJudge } from '../../../src/jury';
import type {
  Audience,
  DomainEvent,
  EventSettings,
  LiveMessage,
  LiveTeam,
  Seat,
  SheetField,
  StoredShow,
  TProgress,
} from '../../../src/live';
import type { TScoreItem } from '../../../src/schemas/scoring';
import type { TTeamAnswer } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import type { TSuddenDeath } from '../../../src/schemas/tieBreak';
import { ANSWERS_GK_ID, IncrementalRanking } from '../../../src/scoring';
import { compareTeamOrder } from '../../../src/teamOrder';
import { type AnswerOpening, speedTimes, tieBreakReason, tieNotes } from '../../../src/tieBreak';
import { audienceOf, type Memo, type Output, type PicturePart, type Viewer } from '../live/picture';

export interface StandingsData {
  fields: SheetField[];
  teams: LiveTeam[];
  seats: Seat[];
  /** Every stored point, the answers field's sums included. */
  scores: TScoreItem[];
  /** When answers opened on each question (the speed-time rule), by question id. */
  openings: AnswerOpening[];
  /** Every sudden-death result, oldest first. */
  suddenDeaths: TSuddenDeath[];
}

const scoreKey = (s: { teamId: string; gkId: string; fieldName: string }) => `${s.teamId}\u0000${s.gkId}\u0000${s.fieldName}`;

/** The tie-break chain as stored in the settings, to tell whether a settings change moved it. */
const chainOf = (settings: EventSettings) => JSON.stringify(settings.tieBreakRules ?? null);

export class StandingsPicture implements PicturePart<StandingsData> {
  private fields: SheetField[];
  private teams: LiveTeam[];
  private seats: Seat[];
  private readonly scores = new Map<string, TScoreItem>();
  private readonly openings = new Map<string, AnswerOpening>();
  private suddenDeaths: TSuddenDeath[];
  private ranking!: IncrementalRanking;
  /** What this part last saw of the stage, to tell what a show move or a settings change moved. */
  private openFields: readonly string[];
  private frozen: boolean;
  private chain: string;

  constructor(
    data: StandingsData,
    private readonly memo: Memo,
    /** The stage: the show's open fields and freeze, and the settings' tie-break chain. */
    private readonly stage: { readonly stored: StoredShow; eventSettings(): EventSettings },
    /** The answers, for the right-answer times of speed rounds. */
    private readonly answers: { answersTo(questionId: string): TTeamAnswer[] },
    /** The jury: the head judge's decisions count, recused judges' points do not. */
    private readonly jury: { state(): TJury; decisions(): ReadonlyMap<string, number> },
  ) {
    this.fields = [...data.fields];
    this.teams = [...data.teams].sort(compareTeamOrder);
    this.seats = data.seats;
    for (const item of data.scores) this.scores.set(scoreKey(item), item);
    for (const opening of data.openings) this.openings.set(opening.questionId, opening);
    this.suddenDeaths = data.suddenDeaths;
    this.openFields = stage.stored.openFields;
    this.frozen = stage.stored.scoreboardFrozen;
    this.chain = chainOf(stage.eventSettings());
    this.rebuildRanking();
  }

  /**
   * After the teams, the sheet, the tie-break chain, a speed round's times or a sudden death change:
   * the ranking starts again from every point.
   */
  private rebuildRanking(): void {
    const active = this.teams.filter((t) => t.active).map((t) => t.id);
    const rules = this.stage.eventSettings().tieBreakRules ?? null;
    // The right-answer times only count when the chain uses them (the default chain does not).
    const speedMs = this.timed ? speedTimes(this.openings.values(), (questionId) => this.answers.answersTo(questionId)) : undefined;
    const jury = this.jury.state();
    this.ranking = new IncrementalRanking(active, this.fields, [...this.scores.values()], {
      rules,
      speedMs,
      suddenDeaths: this.suddenDeaths,
      decided: this.jury.decisions(),
      counts: jury.recusals.length ? (teamId, gkId) => !isRecused(jury, gkId, teamId) : undefined,
    });
  }

  /** Whether the chain reads right-answer times. */
  private get timed(): boolean {
    return this.stage.eventSettings().tieBreakRules?.some((r) => r.kind === 'speedTime') ?? false;
  }

  /** The teams with a judges' disagreement the head judge has not settled ("chờ trưởng ban"). */
  awaitingHeadJudge(): ReadonlySet<string> {
    return this.memo.get('jury:awaiting', () => teamsAwaitingHeadJudge(cellStates(this.fields, this.judgeScores(), this.jury.state())));
  }

  /** The ranks and reasons every screen shows, to tell whether a change moved them. */
  private standings(): string {
    return JSON.stringify(this.ranking.results().map((r) => [r.teamId, r.rank, r.decidedBy ?? null]));
  }

  /** Rebuilds the ranking; true when the ranks or their reasons moved. */
  private rerank(): boolean {
    const before = this.standings();
    this.rebuildRanking();
    return before !== this.standings();
  }

  // ---- Reads ------------------------------------------------------------------------------------

  sheet(): readonly SheetField[] {
    return this.fields;
  }

  allTeams(): readonly LiveTeam[] {
    return this.teams;
  }

  seatList(): readonly Seat[] {
    return this.seats;
  }

  /** Live totals and ranks of the active teams, with why equal totals stand as they do. */
  liveListTeam(): TTeamListItem[] {
    return this.memo.get('listTeam:live', () => {
      // A team has a note once it has a point: an answers round counts 0 before its first.
      const withPoints = new Set([...this.scores.values()].map((s) => s.teamId));
      const notes = tieNotes(this.ranking.results(), this.fields, (row) => withPoints.has(row.teamId));
      const awaiting = this.awaitingHeadJudge();
      return this.teams
        .filter((t) => t.active)
        .map((t) => {
          const result = this.ranking.resultOf(t.id);
          const tie = notes.get(t.id);
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
            ...(tie && { tie }),
            ...(awaiting.has(t.id) && { awaitingHeadJudge: true }),
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
    const frozen = this.stage.stored.scoreboardFrozen ? this.stage.stored.frozenListTeam : null;
    if (audience === 'staff') return this.liveListTeam();
    return frozen ?? this.othersListTeam();
  }

  /** The live list as all but staff see it: the jury's disagreements are the staff's alone. */
  othersListTeam(): TTeamListItem[] {
    return this.memo.get('listTeam:others', () =>
      this.liveListTeam().map((item) => {
        if (!item.awaitingHeadJudge) return item;
        const { awaitingHeadJudge: _, ...rest } = item;
        return rest;
      }),
    );
  }

  progress(fieldName: string): TProgress {
    return this.memo.get(`progress:${fieldName}`, () => {
      const done: TProgress['done'] = [];
      for (const item of this.scores.values()) {
        if (item.fieldName === fieldName && item.gkId !== ANSWERS_GK_ID) done.push({ teamId: item.teamId, gkId: item.gkId });
      }
      return { fieldName, judges: this.seats.map((s) => ({ gkId: s.gkId, name: s.name })), done };
    });
  }

  /** Stored points, without the answers field's sums. */
  judgeScores(gkId?: string | null): TScoreItem[] {
    const all = this.memo.get('scores:judges', () => [...this.scores.values()].filter((i) => i.gkId !== ANSWERS_GK_ID));
    return gkId === undefined ? all : all.filter((i) => i.gkId === gkId);
  }

  allScores(): TScoreItem[] {
    return [...this.scores.values()];
  }

  // ---- Changes ----------------------------------------------------------------------------------

  private teamsOutput(): Output {
    return { staff: { type: 'teams', listTeam: this.listTeam('staff') }, others: { type: 'teams', listTeam: this.listTeam('public') } };
  }

  private progressOutput(fieldName: string): Output {
    const message: LiveMessage = { type: 'progress', ...this.progress(fieldName) };
    return { staff: message, others: message };
  }

  /** The progress of each open field (every criterion of a judged round's sheet). */
  private openProgressOutputs(): Output[] {
    return this.stage.stored.openFields.map((fieldName) => this.progressOutput(fieldName));
  }

  /**
   * Follows the opening of answers on the show's question (as the show's store records it); true
   * when the ranking moved with it (the chain times right answers in speed rounds).
   */
  private followOpening(show: StoredShow): boolean {
    if (!show.questionId || show.answersOpenedAt === null) return false;
    const opening = { questionId: show.questionId, openedAt: show.answersOpenedAt, speed: show.format === 'speed' };
    const known = this.openings.get(opening.questionId);
    if (known && known.openedAt === opening.openedAt && known.speed === opening.speed) return false;
    this.openings.set(opening.questionId, opening);
    return this.timed && this.rerank();
  }

  follow(event: DomainEvent): Output[] {
    switch (event.type) {
      case 'show': {
        const wasOpen = this.openFields;
        const wasFrozen = this.frozen;
        const show = this.stage.stored;
        this.openFields = show.openFields;
        this.frozen = show.scoreboardFrozen;
        // A newly opened field (a judged round's sheet opens several): each one's progress from the start.
        const outputs = show.openFields.filter((fieldName) => !wasOpen.includes(fieldName)).map((f) => this.progressOutput(f));
        const moved = this.followOpening(show);
        if (moved || wasFrozen !== show.scoreboardFrozen) outputs.push(this.teamsOutput());
        return outputs;
      }
      case 'settings': {
        const chain = chainOf(event.payload.settings);
        if (chain === this.chain) return [];
        this.chain = chain;
        this.rebuildRanking();
        return [this.teamsOutput()];
      }
      case 'suddenDeaths':
        this.suddenDeaths = event.payload.records;
        return this.rerank() ? [this.teamsOutput()] : [];
      case 'sheet':
        this.fields = event.payload.fields;
        this.rebuildRanking();
        return [this.teamsOutput(), ...this.openProgressOutputs()];
      case 'teams': {
        this.teams = [...event.payload.teams].sort(compareTeamOrder);
        // A deleted team takes its points with it (the database cascades).
        const ids = new Set(this.teams.map((t) => t.id));
        for (const [key, item] of this.scores) if (!ids.has(item.teamId)) this.scores.delete(key);
        this.rebuildRanking();
        return [this.teamsOutput()];
      }
      case 'seats':
        this.seats = event.payload.seats;
        return this.openProgressOutputs();
      case 'scores':
        return this.followScores(event.payload.changes);
      case 'jury':
        // A decision or a recusal moves the ranking; any change may settle or flag a cell.
        this.rebuildRanking();
        return [this.teamsOutput()];
      case 'answers':
      case 'answer': {
        // A speed round's right answers are timed: the chain may read them.
        const retime = this.timed && this.openings.get(event.payload.questionId)?.speed === true;
        return retime && this.rerank() ? [this.teamsOutput()] : [];
      }
      default:
        return [];
    }
  }

  private followScores(changes: Extract<DomainEvent, { type: 'scores' }>['payload']['changes']): Output[] {
    const changed: TScoreItem[] = [];
    const fields = new Set<string>();
    for (const change of changes) {
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
          // The head judge sees every judge's point (their board); a judge only their own.
          if (gkId !== null && gkId === this.jury.state().headJudgeId) return changed.length ? scores : null;
          const own = changed.filter((i) => i.gkId === gkId);
          return own.length ? { type: 'scores', items: own } : null;
        },
      });
    }
    for (const fieldName of fields) outputs.push(this.progressOutput(fieldName));
    outputs.push(this.teamsOutput());
    return outputs;
  }

  snapshot(viewer: Viewer): LiveMessage[] {
    const audience = audienceOf(viewer);
    const messages: LiveMessage[] = [{ type: 'teams', listTeam: this.listTeam(audience) }];
    for (const fieldName of this.stage.stored.openFields) messages.push({ type: 'progress', ...this.progress(fieldName) });
    if (audience === 'staff') messages.push({ type: 'scores', items: this.judgeScores() });
    if (audience === 'judge') {
      const head = viewer.userId !== null && viewer.userId === this.jury.state().headJudgeId;
      messages.push({ type: 'scores', items: this.judgeScores(head ? undefined : viewer.userId) });
    }
    return messages;
  }

  data(): StandingsData {
    return {
      fields: this.fields,
      teams: this.teams,
      seats: this.seats,
      scores: [...this.scores.values()],
      openings: [...this.openings.values()].sort((a, b) => (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0)),
      suddenDeaths: this.suddenDeaths,
    };
  }
}
