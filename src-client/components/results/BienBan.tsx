/**
 * The official record (biên bản) at /user/dashboard?print=bien-ban: the event, the ranking with each
 * field's score, the total and (when the tie-break chain decided a tie) why a team is below an equal
 * total, each judge's points per field, every closed audience vote (teams by votes, the points it
 * became), and a signature line per judge and one
 * for the organisers. Black on white, A4, with the same numbers as /api/results, "Trang 1/4" at the
 * foot of every printed page. A judge who never scored a judged field gets no column in its table:
 * they are named under it ("Chưa chấm tiêu chí này: …"), so the table shows only real points.
 */
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useLocation } from 'wouter';
import { resultsText } from '../../../src/messages/results';
import { judgesOnField } from '../../../src/results';
import { formatDate, formatDateTime, formatPoint } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';
import { sheetClasses as c, PrintSheet } from './PrintSheet';
import { rankLabel, useResults } from './util';

const t = resultsText;

function Point({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className={c.missing}>{t.missing}</span>;
  return <>{formatPoint(value)}</>;
}

export function BienBan() {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  const { data } = useResults();
  const ready = Boolean(settings && data);
  const ranks = data?.items.map((i) => i.rank) ?? [];
  const judgeFields = (data?.fields ?? []).filter((f) => f.kind === 'judges');
  // A column for the tie-break reasons only when the chain decided a tie.
  const reasons = data?.items.some((i) => i.tieBreak !== null) ?? false;

  return (
    <PrintSheet onClose={() => navigate('/user/dashboard')} closeLabel={t.back} testId="bien-ban" pageNumbers>
      <div className={c.page}>
        {!ready || !settings || !data ? (
          <div className={c.center} style={{ padding: '40mm 0' }}>
            <Loader color="gray" />
            <p>{t.loadingRecord}</p>
          </div>
        ) : (
          <>
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

            <h2 style={{ fontSize: '12.5pt', margin: '0 0 2mm' }}>{t.recordRanking}</h2>
            <table data-testid="record-ranking">
              <thead>
                <tr>
                  <th style={{ width: '12mm' }}>{t.rank}</th>
                  <th>{t.team}</th>
                  <th>{t.unit}</th>
                  {data.fields.map((f) => (
                    <th key={f.fieldName} style={{ fontSize: '9pt', width: '17mm' }}>
                      {f.label}
                    </th>
                  ))}
                  <th style={{ width: '16mm' }}>{t.total}</th>
                  {reasons && <th style={{ width: '36mm' }}>{t.tieBreak.column}</th>}
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.teamId} data-testid="record-ranking-row" data-team={item.name}>
                    <td className={c.center}>{rankLabel(item.rank, ranks)}</td>
                    <td style={{ fontWeight: 700 }}>{item.name}</td>
                    <td>{item.unit}</td>
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

            {judgeFields.length > 0 && <h2 style={{ fontSize: '12.5pt', margin: '7mm 0 2mm' }}>{t.recordJudges}</h2>}
            {judgeFields.map((field, index) => {
              const { scored, never } = judgesOnField(data, field.fieldName);
              return (
                <Fragment key={field.fieldName}>
                  <h3 style={{ fontSize: '12pt', margin: '4mm 0 1.5mm', breakAfter: 'avoid' }}>
                    {index + 1}. {t.recordFieldNote(field.label, field.dropExtremes)}
                  </h3>
                  {scored.length > 0 && (
                    <table data-testid="record-field" data-field={field.fieldName}>
                      <thead>
                        <tr>
                          <th style={{ width: '42mm' }}>{t.team}</th>
                          {scored.map((judge) => (
                            <th key={judge.gkId} style={{ fontSize: '9.5pt' }} data-testid="record-judge">
                              {judge.name}
                            </th>
                          ))}
                          <th style={{ width: '20mm' }}>{t.fieldScore}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.items.map((item) => {
                          const f = item.fields.find((x) => x.fieldName === field.fieldName);
                          const points = new Map(f?.judges.map((j) => [j.gkId, j.point]));
                          return (
                            <tr key={item.teamId}>
                              <td>{item.name}</td>
                              {scored.map((judge) => (
                                <td key={judge.gkId} className={c.num}>
                                  <Point value={points.get(judge.gkId)} />
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
                  {data.judges.length > 0 && never.length > 0 && (
                    <p className={c.note} data-testid="record-not-scored" data-field={field.fieldName}>
                      {scored.length === 0 ? t.nobodyScored : t.notScoredBy(never.map((j) => j.name).join(', '))}
                    </p>
                  )}
                </Fragment>
              );
            })}

            {data.votes.length > 0 && <h2 style={{ fontSize: '12.5pt', margin: '7mm 0 2mm' }}>{t.recordVotes}</h2>}
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

            <section className={c.keep} style={{ marginTop: '8mm' }}>
              <h2 style={{ fontSize: '12.5pt', margin: '0 0 1mm' }}>{data.votes.length > 0 ? t.recordSignAfterVotes : t.recordSign}</h2>
              <p style={{ textAlign: 'right', fontStyle: 'italic', margin: '0 0 4mm', fontSize: '11pt' }}>
                {t.printedAt(formatDateTime(Date.now()))}
              </p>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', columnGap: '6mm', rowGap: '6mm' }}>
                {data.judges.map((judge, i) => (
                  <div key={judge.gkId} className={`${c.center} ${c.keep}`} data-testid="signature-judge">
                    <div style={{ fontWeight: 700 }}>{t.judgeSign(i + 1).toUpperCase()}</div>
                    <div style={{ fontStyle: 'italic', fontSize: '10.5pt' }}>{t.signHint}</div>
                    <div style={{ height: '20mm' }} />
                    <div style={{ fontWeight: 700 }}>{judge.name}</div>
                  </div>
                ))}
              </div>
              <div
                className={`${c.center} ${c.keep}`}
                style={{ marginTop: '10mm', marginLeft: 'auto', width: '75mm' }}
                data-testid="signature-organisers"
              >
                <div style={{ fontWeight: 700 }}>{t.organisers}</div>
                <div style={{ fontStyle: 'italic', fontSize: '10.5pt' }}>{t.signHint}</div>
                <div style={{ height: '24mm' }} />
              </div>
            </section>
          </>
        )}
      </div>
    </PrintSheet>
  );
}
