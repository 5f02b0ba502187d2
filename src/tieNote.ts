/**
 * A team's tie note as words, apart from the tie-break chain (src/tieBreak.ts) that makes the note:
 * the projector and the team's phone show the note the server sent and load nothing of the chain.
 */
import { tieNoteText } from './messages/tieNote';
import type { TTieNote, TTieReason } from './schemas/tieBreak';

function tieReasonText(reason: TTieReason): string {
  const t = tieNoteText;
  switch (reason.rule) {
    case 'field':
      return t.points(reason.label);
    case 'round':
      return t.points(t.round(reason.round));
    case 'penalty':
      return t.penalty;
    case 'speedTime':
      return t.speedTime;
    case 'suddenDeath':
      return t.suddenDeath;
  }
}

/** A tie note as the projector and the team's phone show it ("Xếp trên do câu hỏi phụ", "Đồng hạng"); null without one. */
export function tieNoteLine(note: TTieNote | null | undefined): string | null {
  if (!note) return null;
  const t = tieNoteText;
  const parts = [
    note.under && t.under(tieReasonText(note.under)),
    note.shared && t.shared,
    note.over && t.over(tieReasonText(note.over)),
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}
