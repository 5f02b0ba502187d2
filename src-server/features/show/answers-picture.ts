/**
 * The teams' answers and the buzz order in the live picture, per question. The staff follow both;
 * a team's phone follows its own answer on the question on air (`mine`).
 */
import type { DomainEvent, LiveMessage, StoredShow } from '../../../src/live';
import type { TBuzz, TTeamAnswer } from '../../../src/schemas/show';
import { audienceOf, type Output, type PicturePart, type Viewer } from '../live/picture';

export interface AnswersData {
  /** Every question's answers and buzz order, by question id (questions with none are left out). */
  answers: Record<string, TTeamAnswer[]>;
  buzz: Record<string, TBuzz[]>;
}

export class AnswersPicture implements PicturePart<AnswersData> {
  private readonly answers = new Map<string, TTeamAnswer[]>();
  private readonly buzz = new Map<string, TBuzz[]>();

  constructor(
    data: AnswersData,
    /** The stage, for the question on air. */
    private readonly stage: { readonly stored: StoredShow },
  ) {
    for (const [questionId, items] of Object.entries(data.answers)) this.answers.set(questionId, items);
    for (const [questionId, order] of Object.entries(data.buzz)) this.buzz.set(questionId, order);
  }

  answersTo(questionId: string): TTeamAnswer[] {
    return this.answers.get(questionId) ?? [];
  }

  buzzOrder(questionId: string): TBuzz[] {
    return this.buzz.get(questionId) ?? [];
  }

  /** The question's list with `answer` in the loader's order (time, then team), replacing the team's own. */
  private withAnswer(questionId: string, answer: TTeamAnswer): TTeamAnswer[] {
    const items = this.answersTo(questionId).filter((a) => a.teamId !== answer.teamId);
    const after = (a: TTeamAnswer) => a.at > answer.at || (a.at === answer.at && a.teamId > answer.teamId);
    const at = items.findIndex(after);
    items.splice(at === -1 ? items.length : at, 0, answer);
    return items;
  }

  follow(event: DomainEvent): Output[] {
    switch (event.type) {
      case 'answers':
      case 'answer': {
        const { questionId } = event.payload;
        const teamId = event.type === 'answer' ? event.payload.answer.teamId : event.payload.teamId;
        const items = event.type === 'answer' ? this.withAnswer(questionId, event.payload.answer) : event.payload.items;
        this.answers.set(questionId, items);
        const changed = teamId ? items.find((a) => a.teamId === teamId) : undefined;
        const mine: LiveMessage | null = changed
          ? { type: 'mine', questionId, answer: changed.answer, verdict: changed.verdict, points: changed.points }
          : null;
        return [
          {
            staff: { type: 'answers', questionId, items },
            others: null,
            participant: (viewerTeam) => (mine && viewerTeam === teamId ? mine : null),
          },
        ];
      }
      case 'buzz': {
        const { questionId, order } = event.payload;
        this.buzz.set(questionId, order);
        return [{ staff: { type: 'buzz', questionId, order }, others: null }];
      }
      case 'teams': {
        // A deleted team takes its answers and buzzes with it (the database cascades).
        const ids = new Set(event.payload.teams.map((t) => t.id));
        for (const [questionId, items] of this.answers) {
          this.answers.set(
            questionId,
            items.filter((a) => ids.has(a.teamId)),
          );
        }
        for (const [questionId, order] of this.buzz) {
          this.buzz.set(
            questionId,
            order.filter((b) => ids.has(b.teamId)),
          );
        }
        return [];
      }
      default:
        return [];
    }
  }

  snapshot(viewer: Viewer): LiveMessage[] {
    const audience = audienceOf(viewer);
    const questionId = this.stage.stored.questionId;
    if (!questionId) return [];
    if (audience === 'staff') {
      return [
        { type: 'answers', questionId, items: this.answersTo(questionId) },
        { type: 'buzz', questionId, order: this.buzzOrder(questionId) },
      ];
    }
    if (audience === 'participant') {
      const mine = this.answersTo(questionId).find((a) => a.teamId === viewer.participantId);
      if (mine) return [{ type: 'mine', questionId, answer: mine.answer, verdict: mine.verdict, points: mine.points }];
    }
    return [];
  }

  data(): AnswersData {
    return {
      answers: Object.fromEntries([...this.answers].filter(([, items]) => items.length > 0)),
      buzz: Object.fromEntries([...this.buzz].filter(([, order]) => order.length > 0)),
    };
  }
}
