/**
 * The corrections a jury signs for: every change to a point after it was given (an admin's
 * correction, points given or taken by hand, an undo, a replayed round, a reset of every score), in
 * the order they were made, from the audit log. A point the admin enters for a judge who had given
 * none is the judge's point typed in, not a correction (the dashboard asks no reason for it). A reset
 * wipes the points before it, so the list starts at the last reset, which is itself one entry however
 * many points it removed.
 */
import type { Kysely } from 'kysely';
import { CORRECTION_SOURCES, type TCorrectionEntry } from '../../../src/schemas/scoring';
import type { Database } from '../../db/types';
import { auditQuery, toAuditRow } from './audit';
import { type AuditRow, describeEntry, readNames } from './describe';

/** The same reset: one statement writes an event per point, one after another, by one person with one reason. */
const sameReset = (a: AuditRow, b: AuditRow) =>
  a.source === 'reset' && b.source === 'reset' && a.actorName === b.actorName && a.reason === b.reason;

export async function readCorrections(db: Kysely<Database>): Promise<TCorrectionEntry[]> {
  const all = (
    await auditQuery(db)
      .where('score_events.source', 'in', [...CORRECTION_SOURCES])
      .orderBy('score_events.id')
      .execute()
  ).map(toAuditRow);
  // From the first event of the last reset on.
  let start = all.findLastIndex((row) => row.source === 'reset');
  while (start > 0 && sameReset(all[start - 1]!, all[start]!)) start--;
  const rows = all
    .slice(Math.max(start, 0))
    .filter((row) => !(row.source === 'admin' || row.source === 'admin-all') || row.oldPoint !== null);

  const undoneIds = [...new Set(rows.flatMap((r) => (r.undoes === null ? [] : [r.undoes])))];
  const undone = undoneIds.length ? (await auditQuery(db).where('score_events.id', 'in', undoneIds).execute()).map(toAuditRow) : [];
  const names = await readNames(db, new Map(undone.map((u) => [u.id, u])));

  const entries: TCorrectionEntry[] = [];
  let previous: AuditRow | undefined;
  for (const row of rows) {
    const last = entries.at(-1);
    if (last && previous && sameReset(previous, row)) {
      last.count++;
      previous = row;
      continue;
    }
    previous = row;
    const reset = row.source === 'reset';
    entries.push({
      id: row.id,
      at: row.at,
      source: row.source as TCorrectionEntry['source'],
      teamName: reset ? null : names.team(row.teamId),
      fieldLabel: reset ? null : names.field(row.fieldName),
      judgeName: reset ? null : names.judge(row.gkId),
      oldPoint: reset ? null : row.oldPoint,
      newPoint: reset ? null : row.newPoint,
      count: 1,
      what: describeEntry({ ...row, reason: null }, names),
      reason: row.reason?.trim() || null,
      actorName: row.actorName,
    });
  }
  return entries;
}
