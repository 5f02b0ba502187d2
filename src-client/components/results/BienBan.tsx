/**
 * The official record (biên bản) at /user/dashboard?print=bien-ban: the event, the ranking with each
 * field's score, the total and (when the tie-break chain decided a tie) why a team is below an equal
 * total, each judge's points per field, every closed audience vote (teams by votes, the points it
 * became), every correction of a point with its reason, the head judge's decisions (when there are
 * any), then the place and date and the signatures (secretary, head judge, each judge). Black on
 * white, A4, portrait or landscape as its tables need (bienBanLayout.ts), with the same numbers as
 * /api/results, "Trang 1/4" and the time it was made at the foot of every printed page. A judge who
 * never scored a judged field gets no column in its table: they are named under it ("Chưa chấm tiêu
 * chí này: …"), so the table shows only real points.
 */
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useLocation } from 'wouter';
import { juryText } from '../../../src/messages/jury';
import { resultsText } from '../../../src/messages/results';
import { judgesOnField } from '../../../src/results';
import type { TResultItem } from '../../../src/schemas/scoring';
import { formatDate, formatDateTime, formatPoint } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';
import b from './BienBan.module.css';
import { CorrectionsTable } from './BienBanCorrections';
import { RecordSignatures } from './BienBanSignatures';
import { fittingFontPt, recordLayout } from './bienBanLayout';
import { sheetClasses as c, PrintSheet } from './PrintSheet';
import { rankLabel, useResults } from './util';

const t = resultsText;

function Point({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className={c.missing}>{t.missing}</span>;
  return <>{formatPoint(value)}</>;
}

/** A team's name (or unit) in a cell `widthMm` wide, at the size that keeps it to two lines. */
function NameCell({ text, widthMm, bold = false }: { text: string; widthMm: number; bold?: boolean }) {
  return (
    <td className={b.name} style={{ fontSize: `${fittingFontPt(text, widthMm, { bold })}pt`, fontWeight: bold ? 700 : undefined }}>
      {text}
    </td>
  );
}

const sectionTitle = { fontSize: '12.5pt', margin: '7mm 0 2mm', breakAfter: 'avoid' } as const;

/** The footer's right-hand corner of every printed page: when the record was made (its number is in the centre). */
const printedAtCss = (when: string) =>
  `@page { @bottom-right { content: ${JSON.stringify(t.printedAt(when))}; font-family: 'Times New Roman', Times, 'Noto Serif', serif; font-size: 8pt; color: #000; } }`;

export function BienBan() {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  const { data } = useResults();
  const corrections = useQuery(trpc.scoring.corrections.queryOptions(undefined, { refetchOnWindowFocus: false })).data;
  const ready = Boolean(settings && data && corrections);
  const ranks = data?.items.map((i) => i.rank) ?? [];
  const judgeFields = (data?.fields ?? []).filter((f) => f.kind === 'judges');
  // A column for the tie-break reasons only when the chain decided a tie.
  const reasons = data?.items.some((i) => i.tieBreak !== null) ?? false;
  const scoredBy = new Map(judgeFields.map((f) => [f.fieldName, data ? judgesOnField(data, f.fieldName) : { scored: [], never: [] }]));
  const layout = recordLayout({
    fields: data?.fields.length ?? 0,
    reasons,
    judgesOnField: Math.max(0, ...[...scoredBy.values()].map((s) => s.scored.length)),
  });
  // The sections in print order, numbered as they come: some are there only when they hold something.
  const decisions = corrections?.headJudgeDecisions ?? [];
  const numbers = new Map<string, number>();
  for (const [name, shown] of [
    ['ranking', true],
    ['judges', judgeFields.length > 0],
    ['votes', (data?.votes.length ?? 0) > 0],
    ['corrections', true],
    ['decisions', decisions.length > 0],
  ] as const) {
    if (shown) numbers.set(name, numbers.size + 1);
  }
  const heading = (name: string, title: string) => t.recordSection(numbers.get(name) ?? 0, title);

  return (
    <PrintSheet onClose={() => navigate('/user/dashboard')} closeLabel={t.back} testId="bien-ban" pageNumbers>
      <div
        className={`${c.page} ${layout.landscape ? b.landscape : ''}`}
        data-testid="record-page"
        data-orientation={layout.landscape ? 'landscape' : 'portrait'}
      >
        {!ready || !settings || !data || !corrections ? (
          <div className={c.center} style={{ padding: '40mm 0' }}>
            <Loader color="gray" />
            <p>{t.loadingRecord}</p>
          </div>
        ) : (
          <>
            <style>{printedAtCss(formatDateTime(Date.now()))}</style>
            <header className={c.center} style={{ marginBottom: '8mm' }}>
              <div style={{ fontWeight: 700, fontSize: '12.5pt' }}>{t.nation}</div>
              <div style={{ fontWeight: 700, fontSize: '13pt', display: 'inline-block', borderBottom: '1px solid #000', paddingBottom: 2 }}>
                {t.motto}
              </div>
              <h1 style={{ fontSize: '17pt', margin: '9mm 0 2mm', letterSpacing: '0.02em' }}>{t.recordTitle}</h1>
              <div style={{ fontSize: '14pt', fontWeight: 700 }} data-testid="record-event-name">
                {settings.name}
              </div>
              <div style={{ fontSize: '12pt', marginTop: '2mm' }}>
                {settings.date && (
                  <span>
                    {t.recordDate}: {formatDate(settings.date)}
                  </span>
                )}
                {settings.date && settings.venue && <span> · </span>}
                {settings.venue && (
                  <span>
                    {t.recordVenue}: {settings.venue}
                  </span>
                )}
              </div>
            </header>

            <p style={{ fontSize: '12pt', margin: '0 0 3mm' }}>{t.recordIntro(data.judges.length, data.items.length)}</p>

            <h2 style={{ ...sectionTitle, marginTop: 0 }}>{heading('ranking', t.recordRanking)}</h2>
            <table className={b.fixed} data-testid="record-ranking">
              <thead>
                <tr>
                  <th style={{ width: `${layout.widths.rank}mm` }}>{t.rank}</th>
                  <th style={{ width: `${layout.nameMm}mm` }}>{t.team}</th>
                  <th style={{ width: `${layout.unitMm}mm` }}>{t.unit}</th>
                  {data.fields.map((f) => (
                    <th key={f.fieldName} style={{ fontSize: '9pt', width: `${layout.fieldMm}mm` }}>
                      {f.label}
                    </th>
                  ))}
                  <th style={{ width: `${layout.widths.total}mm` }}>{t.total}</th>
                  {reasons && <th style={{ width: `${layout.widths.reason}mm` }}>{t.tieBreak.column}</th>}
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.teamId} data-testid="record-ranking-row" data-team={item.name}>
                    <td className={c.center}>{rankLabel(item.rank, ranks)}</td>
                    <NameCell text={item.name} widthMm={layout.nameMm} bold />
                    <NameCell text={item.unit} widthMm={layout.unitMm} />
                    {item.fields.map((f) => (
                      <td key={f.fieldName} className={c.num}>
                        <Point value={f.score} />
                      </td>
                    ))}
                    <td className={c.num} style={{ fontWeight: 700 }} data-testid="record-total">
                      {formatPoint(item.total)}
                    </td>
                    {reasons && (
                      <td style={{ fontSize: '9.5pt', fontStyle: 'italic' }} data-testid="record-tie-break">
                        {item.tieBreak}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>

            {judgeFields.length > 0 && <h2 style={sectionTitle}>{heading('judges', t.recordJudges)}</h2>}
            {judgeFields.map((field, index) => {
              const { scored, never } = scoredBy.get(field.fieldName) ?? judgesOnField(data, field.fieldName);
              return (
                <Fragment key={field.fieldName}>
                  <h3 style={{ fontSize: '12pt', margin: '4mm 0 1.5mm', breakAfter: 'avoid' }}>
                    {index + 1}. {t.recordFieldNote(field.label, field.dropExtremes)}
                  </h3>
                  {scored.length > 0 && (
                    <table className={b.fixed} data-testid="record-field" data-field={field.fieldName}>
                      <thead>
                        <tr>
                          <th style={{ width: `${layout.judgeTableNameMm}mm` }}>{t.team}</th>
                          {scored.map((judge) => (
                            <th key={judge.gkId} style={{ fontSize: '9.5pt' }} data-testid="record-judge">
                              {judge.name}
                            </th>
                          ))}
                          <th style={{ width: `${layout.widths.fieldScore}mm` }}>{t.fieldScore}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.items.map((item) => {
                          const f = item.fields.find((x) => x.fieldName === field.fieldName);
                          const points = new Map(f?.judges.map((j) => [j.gkId, j]));
                          return (
                            <tr key={item.teamId}>
                              <NameCell text={item.name} widthMm={layout.judgeTableNameMm} />
                              {scored.map((judge) => (
                                <td key={judge.gkId} className={c.num}>
                                  {points.get(judge.gkId)?.recused ? (
                                    <span data-testid="record-recused">{juryText.recusedMark}</span>
                                  ) : (
                                    <Point value={points.get(judge.gkId)?.point} />
                                  )}
                                </td>
                              ))}
                              <td className={c.num} style={{ fontWeight: 700 }}>
                                <Point value={f?.score} />
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  )}
                  <RecusedNote items={data.items} fieldName={field.fieldName} />
                  {data.judges.length > 0 && never.length > 0 && (
                    <p className={c.note} data-testid="record-not-scored" data-field={field.fieldName}>
                      {scored.length === 0 ? t.nobodyScored : t.notScoredBy(never.map((j) => j.name).join(', '))}
                    </p>
                  )}
                </Fragment>
              );
            })}

            {data.votes.length > 0 && <h2 style={sectionTitle}>{heading('votes', t.recordVotes)}</h2>}
            {data.votes.map((vote, index) => (
              <section key={vote.id} className={c.keep} data-testid="record-vote">
                <h3 style={{ fontSize: '12pt', margin: '4mm 0 1.5mm' }}>
                  {t.voteHeading(index + 1, vote.ballots, formatDate(vote.openedAt, true), formatDate(vote.closedAt, true))}
                </h3>
                <table>
                  <thead>
                    <tr>
                      <th style={{ width: '12mm' }}>{t.rank}</th>
                      <th>{t.team}</th>
                      <th>{t.unit}</th>
                      <th style={{ width: '20mm' }}>{t.voteCount}</th>
                      <th style={{ width: '30mm' }}>{t.voteWinner}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {vote.rows.map((row) => (
                      <tr key={row.teamId} data-testid="record-vote-row" data-team={row.name}>
                        <td className={c.center}>{row.rank}</td>
                        <td style={{ fontWeight: row.winner ? 700 : 400 }}>{row.name}</td>
                        <td>{row.unit}</td>
                        <td className={c.num}>{row.count}</td>
                        <td className={c.center}>{row.winner ? '✓' : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className={c.note}>{vote.award ? t.voteAward(vote.award.label, formatPoint(vote.award.points)) : t.voteNoAward}</p>
              </section>
            ))}

            <h2 style={sectionTitle}>{heading('corrections', t.recordCorrections)}</h2>
            {corrections.items.length === 0 ? (
              <p style={{ margin: 0 }} data-testid="record-no-corrections">
                {t.noCorrections}
              </p>
            ) : (
              <>
                <p style={{ margin: '0 0 2mm' }}>{t.correctionsIntro}</p>
                <CorrectionsTable entries={corrections.items} landscape={layout.landscape} testId="record-corrections" />
              </>
            )}

            {decisions.length > 0 && (
              <>
                <h2 style={sectionTitle}>{heading('decisions', t.recordDecisions)}</h2>
                <p style={{ margin: '0 0 2mm' }}>{t.decisionsIntro}</p>
                <CorrectionsTable entries={decisions} landscape={layout.landscape} testId="record-decisions" />
              </>
            )}

            <p style={{ margin: '6mm 0 0', breakAfter: 'avoid' }}>{t.recordClosing}</p>
            <RecordSignatures place={settings.venue} date={settings.date} judges={data.judges} landscape={layout.landscape} />
          </>
        )}
      </div>
    </PrintSheet>
  );
}

/** Under a criterion's table: who was recused from which team ("Không chấm: …"), their points not counted. */
function RecusedNote({ items, fieldName }: { items: TResultItem[]; fieldName: string }) {
  const pairs = items.flatMap((item) =>
    (item.fields.find((f) => f.fieldName === fieldName)?.judges ?? []).filter((j) => j.recused).map((j) => `${j.name} (${item.name})`),
  );
  if (pairs.length === 0) return null;
  return (
    <p className={c.note} data-testid="record-recusals" data-field={fieldName}>
      {juryText.recusedBy(pairs.join(', '))}
    </p>
  );
}
