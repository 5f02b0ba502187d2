import type { TQuestion } from '../../../src/schemas/questionSet';
import type { TFormat } from '../../../src/schemas/roundFormat';
import { badRequest } from '../../errors';
import type { StoredShow } from '../show/store';

/** The set on air, with its questions and format (null: none). */
export type OnAirSet = { items: TQuestion[]; format: TFormat } | null;

/**
 * The on-air set's id, questions and format when the set runs a round of `kind`; null otherwise, where a move for
 * that round is a 400 (`message`, naming `changes.<kind>`).
 */
export function roundOnAir<K extends TFormat['kind']>(
  set: OnAirSet,
  next: StoredShow,
  kind: K,
  move: unknown,
  message: string,
): { setId: string; items: TQuestion[]; format: Extract<TFormat, { kind: K }> } | null {
  if (!set || !next.setId || set.format.kind !== kind) {
    if (move) throw badRequest(message, `changes.${kind}`);
    return null;
  }
  return { setId: next.setId, items: set.items, format: set.format as Extract<TFormat, { kind: K }> };
}
