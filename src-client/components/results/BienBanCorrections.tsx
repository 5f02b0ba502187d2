/**
 * The biên bản's corrections (scoring.corrections): each change to a point after it was given, oldest
 * first: when, the team, the field and the judge, the old and new point, the reason (or that none was
 * typed) with what was done under it, and who did it. The same table lists the head judge's decisions.
 */
import { resultsText } from '../../../src/messages/results';
import type { TCorrectionEntry } from '../../../src/schemas/scoring';
import { formatClock, formatDate, formatPoint } from '../../../src/valueFormat';
import b from './BienBan.module.css';
import { fittingFontPt } from './bienBanLayout';
import { sheetClasses as c } from './PrintSheet';

const t = resultsText;

const point = (value: number | null) => (value === null ? t.empty : formatPoint(value));

/** Its columns' widths, mm, on a portrait and a landscape page; the reason takes the rest. */
const WIDTHS = { portrait: { team: 40, target: 32 }, landscape: { team: 60, target: 50 } };

export function CorrectionsTable({
  entries,
  landscape,
  testId,
}: {
  entries: readonly TCorrectionEntry[];
  landscape: boolean;
  testId: string;
}) {
  const { team: nameMm, target } = WIDTHS[landscape ? 'landscape' : 'portrait'];
  return (
    <table className={b.fixed} data-testid={testId}>
      <thead>
        <tr>
          <th style={{ width: '18mm' }}>{t.time}</th>
          <th style={{ width: `${nameMm}mm` }}>{t.team}</th>
          <th style={{ width: `${target}mm` }}>{t.correctionTarget}</th>
          <th style={{ width: '25mm' }}>{t.change}</th>
          <th>{t.reasonLabel}</th>
          <th style={{ width: '24mm' }}>{t.actor}</th>
        </tr>
      </thead>
      <tbody style={{ fontSize: '10pt' }}>
        {entries.map((entry) => {
          const team = entry.teamName ?? t.allTeams;
          return (
            <tr key={entry.id} data-testid="record-correction" data-source={entry.source}>
              <td className={c.center}>
                {formatClock(entry.at)}
                <span className={b.small}>{formatDate(entry.at)}</span>
              </td>
              <td className={b.name} style={{ fontSize: `${Math.min(10, fittingFontPt(team, nameMm))}pt` }}>
                {team}
              </td>
              <td>
                {entry.fieldLabel ?? t.allFields}
                {entry.judgeName && <span className={b.small}>{entry.judgeName}</span>}
              </td>
              <td className={c.center}>
                {entry.source === 'reset' ? t.resetCount(entry.count) : `${point(entry.oldPoint)} → ${point(entry.newPoint)}`}
              </td>
              <td data-testid="record-correction-reason">
                {entry.reason ?? <i>{t.noReason}</i>}
                <span className={b.small}>{entry.what}</span>
              </td>
              <td>{entry.actorName ?? t.audit.nobody}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
