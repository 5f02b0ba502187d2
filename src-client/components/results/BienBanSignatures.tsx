/**
 * The biên bản's close, as Vietnamese records end: the place and date in italics on the right
 * ("Hà Nội, ngày 20 tháng 11 năm 2026", the event's date or today), the secretary on the left and the
 * head judge on the right, then every judge of the panel, three to a row (four on a landscape page,
 * so that eight judges take two rows and the whole fits one page), each with room to sign and the
 * name under it. Kept on one page.
 */
import { resultsText } from '../../../src/messages/results';
import { formatDate } from '../../../src/valueFormat';
import b from './BienBan.module.css';

const t = resultsText;

/**
 * "<place>, ngày DD tháng M năm YYYY" for an ISO day (today when none). As Decree 30/2020/NĐ-CP
 * writes dates: a day below 10 and the months 1 and 2 take a leading zero ("ngày 05 tháng 02",
 * "tháng 3").
 */
export function placeAndDate(place: string, isoDate: string | null, now = Date.now()): string {
  const [day = '', month = '', year = ''] = formatDate(isoDate || now).split('/');
  const m = Number(month);
  return t.placeAndDate(place.trim() || t.noPlace, day, m < 3 ? month : String(m), year);
}

function Signature({ title, name, testId }: { title: string; name?: string; testId: string }) {
  return (
    <div className={b.signature} data-testid={testId}>
      <div className={b.signTitle}>{title}</div>
      <div className={b.signHint}>{t.signHint}</div>
      <div className={b.signSpace} />
      {name && <div className={b.signTitle}>{name}</div>}
    </div>
  );
}

export function RecordSignatures({
  place,
  date,
  judges,
  landscape,
}: {
  place: string;
  date: string | null;
  judges: readonly { gkId: string; name: string }[];
  landscape: boolean;
}) {
  return (
    <section className={b.signatures} data-testid="record-signatures">
      <div className={b.signRow}>
        <div />
        <p className={b.placeDate} data-testid="record-place-date">
          {placeAndDate(place, date)}
        </p>
        <Signature title={t.secretarySign} testId="signature-secretary" />
        <Signature title={t.headJudgeSign} testId="signature-head-judge" />
      </div>
      {judges.length > 0 && (
        <>
          <div className={b.signTitle} style={{ textAlign: 'center', margin: '6mm 0 4mm' }}>
            {t.membersSign}
          </div>
          <div className={b.members} style={{ gridTemplateColumns: `repeat(${landscape ? 4 : 3}, 1fr)` }}>
            {judges.map((judge, i) => (
              <Signature key={judge.gkId} title={t.judgeSign(i + 1)} name={judge.name} testId="signature-judge" />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
