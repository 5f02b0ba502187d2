/** A question while it is edited in the browser: the server's fields plus a key that React can keep. */

import type { TPublicQuestion, TQuestion, TQuestionInput, TQuestionSet } from '../../../src/schemas/questionSet';
import type { TFormat } from '../../../src/schemas/roundFormat';

export interface DraftQuestion extends Omit<TQuestion, 'id'> {
  /** The question's id when it has one; a local key for a question not yet saved. */
  key: string;
  id?: string;
}

export interface Draft {
  title: string;
  priority: number;
  items: DraftQuestion[];
  format: TFormat;
}

let counter = 0;
export const newKey = () => `new-${Date.now().toString(36)}-${++counter}`;

/** A set as `questionSet.get` types it: admins receive answers and explanations, judges do not. */
export type TLoadedSet = TQuestionSet<TPublicQuestion & Partial<Pick<TQuestion, 'answer' | 'explanation'>>>;

/** The set with every question's answer and explanation present (blank when the server sent none). */
export function withAnswers(set: TLoadedSet): TQuestionSet {
  return { ...set, items: set.items.map((q) => ({ ...q, answer: q.answer ?? '', explanation: q.explanation ?? '' })) };
}

export function toDraft(set: TQuestionSet): Draft {
  return { title: set.title, priority: set.priority, items: set.items.map((q) => ({ ...q, key: q.id })), format: set.format };
}

/** What the server receives: ids kept (so they stay stable), local keys dropped. */
export function toQuestionInput({ key: _key, ...question }: DraftQuestion): TQuestionInput {
  return question;
}

export function sameDraft(a: Draft, b: Draft): boolean {
  return (
    a.title === b.title &&
    a.priority === b.priority &&
    JSON.stringify(a.format) === JSON.stringify(b.format) &&
    JSON.stringify(a.items.map(toQuestionInput)) === JSON.stringify(b.items.map(toQuestionInput))
  );
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
