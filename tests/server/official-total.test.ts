/**
 * One official total on every output. For random points (in tenths, some judges missing), weights,
 * drop-extremes settings and hand points (penalties included), each team's total as the screens read
 * it (the live list of /api/state, for the staff and for the audience: dashboard, projector, team
 * phone), as /api/results gives it (the biên bản prints those with `formatPoint`:
 * tests/e2e/dashboard-results.test.ts), in the XLSX read back and in the CSV parsed is the same number
 * and the same text, equals the exact total rounded once (worked out here with integers, so no binary
 * float can hide a half), and ranks the same way: by that total, then the default chain.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import type { TTeamListItem } from '../../src/schemas/system';
import { formatPoint } from '../../src/valueFormat';
import { testAppForFile } from '../helpers/app-for-file';
import { createJudges, createScoreFields, createTeams } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
const r = messages.results;
const TEAMS = ['Đội An', 'Đội Bình', 'Đội Cúc', 'Đội Dung'];
const JUDGES = 5;
/** Two judged criteria (0 to 10 in tenths) and an answers field fed by hand points, in sheet order. */
const JUDGED = [
  { name: 'noi-dung', label: 'Nội dung' },
  { name: 'trinh-bay', label: 'Trình bày' },
];
const ANSWERS = { name: 'phan-1', label: 'Phần 1' };
const FIELD_NAMES = [...JUDGED.map((f) => f.name), ANSWERS.name];

let admin: Caller;
let master: Caller;
let judgeIds: string[] = [];
let teamIds: string[] = [];
const fieldIds = new Map<string, string>();

beforeAll(async () => {
  ({ admin, master } = t.callers);
  judgeIds = (await createJudges(t, ['gk-1', 'gk-2', 'gk-3', 'gk-4', 'gk-5'])).map((j) => j.id);
  teamIds = await createTeams(admin, TEAMS);
  await createScoreFields(admin, [
    ...JUDGED.map((f, i) => ({ ...f, maxPoint: 10, step: 0.1, position: i + 1 })),
    { ...ANSWERS, kind: 'answers' as const, maxPoint: 100, step: 5, position: 3 },
  ]);
  for (const field of (await admin.scoreField.all()).items) fieldIds.set(field.name, field._id);
});

// ---- The night: random settings and points --------------------------------------------------------

/** A judge's point in tenths, or none; a few values recur so that equal means come up. */
const judgePoint = fc.option(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(70, 72, 75, 80)), { freq: 4 });
/** One team's points: each judge's per judged field, and the hand points (tenths, penalties too; 0 for none). */
const teamPoints = fc.record({
  judged: fc.array(fc.array(judgePoint, { minLength: JUDGES, maxLength: JUDGES }), { minLength: JUDGED.length, maxLength: JUDGED.length }),
  hand: fc.oneof(fc.constant(0), fc.integer({ min: -300, max: 300 })),
});
type TeamPoints = typeof teamPoints extends fc.Arbitrary<infer T> ? T : never;
/** Weights in hundredths (0 to 5, and the round ones often), and drop extremes, per field. */
const night = fc.record({
  weights: fc.array(fc.oneof(fc.integer({ min: 0, max: 500 }), fc.constantFrom(100, 200, 500, 235)), {
    minLength: FIELD_NAMES.length,
    maxLength: FIELD_NAMES.length,
  }),
  dropExtremes: fc.array(fc.boolean(), { minLength: JUDGED.length, maxLength: JUDGED.length }),
  // A team may copy the first team's points with its judges shuffled: the same exact total, a tie.
  teams: fc.array(fc.oneof(teamPoints, fc.constant('copy' as const)), { minLength: TEAMS.length, maxLength: TEAMS.length }),
  shuffle: fc.array(fc.nat(), { minLength: JUDGES, maxLength: JUDGES }),
});
type Night = typeof night extends fc.Arbitrary<infer T> ? T : never;

/** Each team's points, the copies filled in (their judges in another order). */
function pointsOf(n: Night): TeamPoints[] {
  const first = n.teams[0] === 'copy' ? { judged: JUDGED.map(() => Array<number | null>(JUDGES).fill(null)), hand: 0 } : n.teams[0]!;
  const order = [...Array(JUDGES).keys()].sort((a, b) => n.shuffle[a]! - n.shuffle[b]! || a - b);
  return n.teams.map((team) =>
    team === 'copy' ? { judged: first.judged.map((points) => order.map((j) => points[j]!)), hand: first.hand } : team,
  );
}

// ---- What the night should give, in integers --------------------------------------------------------

/** A fraction of bigints, denominator positive. */
interface Ratio {
  n: bigint;
  d: bigint;
}
const add = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });

/** A ratio rounded once to one decimal, half away from zero, as a number ("the official total"). */
function oneDecimal(x: Ratio): number {
  const tenths = x.n * 10n;
  const magnitude = tenths < 0n ? -tenths : tenths;
  const rounded = (2n * magnitude + x.d) / (2n * x.d);
  const value = Number(tenths < 0n ? -rounded : rounded) / 10;
  return value === 0 ? 0 : value;
}

/** A judged field's exact mean (in points) of the judges who scored, extremes dropped from five on; null if none did. */
function exactMean(points: (number | null)[], dropExtremes: boolean): Ratio | null {
  let used = points.filter((p): p is number => p !== null).sort((a, b) => a - b);
  if (used.length === 0) return null;
  if (dropExtremes && used.length >= 5) used = used.slice(1, -1);
  return { n: BigInt(used.reduce((s, p) => s + p, 0)), d: BigInt(used.length) * 10n };
}

interface Expected {
  fieldScores: (number | null)[];
  total: number;
}

function expectedOf(n: Night, team: TeamPoints): Expected {
  let total: Ratio = { n: 0n, d: 1n };
  const fieldScores: (number | null)[] = [];
  JUDGED.forEach((_, f) => {
    const mean = exactMean(team.judged[f]!, n.dropExtremes[f]!);
    fieldScores.push(mean && oneDecimal(mean));
    if (mean) total = add(total, { n: mean.n * BigInt(n.weights[f]!), d: mean.d * 100n });
  });
  fieldScores.push(oneDecimal({ n: BigInt(team.hand), d: 10n }));
  total = add(total, { n: BigInt(team.hand * n.weights[JUDGED.length]!), d: 1000n });
  return { fieldScores, total: oneDecimal(total) };
}

/** Ranks by the official total, then (the default chain) each field's shown score in sheet order; equal teams share one. */
function expectedRanks(all: Expected[]): number[] {
  const key = (e: Expected) => [e.total, ...e.fieldScores.map((s) => s ?? Number.NEGATIVE_INFINITY)];
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
    return false;
  };
  return all.map((e) => 1 + all.filter((o) => better(key(o), key(e))).length);
}

// ---- Entering the night and reading every output -----------------------------------------------------

async function enter(n: Night): Promise<TeamPoints[]> {
  if ((await admin.scoring.list()).items.length > 0) await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'Đêm thử mới' });
  for (const [f, name] of FIELD_NAMES.entries()) {
    const dropExtremes = f < JUDGED.length ? n.dropExtremes[f] : undefined;
    await admin.scoreField.update({ _id: fieldIds.get(name)!, changes: { weight: n.weights[f]! / 100, dropExtremes } });
  }
  const teams = pointsOf(n);
  for (const [i, team] of teams.entries()) {
    for (const [f, field] of JUDGED.entries()) {
      for (const [j, point] of team.judged[f]!.entries()) {
        if (point !== null)
          await admin.scoring.adminSubmit({ teamId: teamIds[i]!, gkId: judgeIds[j]!, fieldName: field.name, point: point / 10 });
      }
    }
    if (team.hand !== 0)
      await master.show.handPoints({ teamId: teamIds[i]!, fieldName: ANSWERS.name, points: team.hand / 10, reason: 'Điểm thưởng phạt' });
  }
  return teams;
}

/** One output's reading of a team: its rank, each field's score and the total, as numbers and as shown. */
interface Reading {
  rank: number;
  fieldScores: (number | null)[];
  total: number;
  shown: string;
}

/** A CSV or XLSX cell as a user reads it: one decimal and a comma. */
const shownCell = (value: number) => value.toFixed(1).replace('.', ',');

function fromList(list: TTeamListItem[]): Map<string, Reading> {
  return new Map(
    list.map((x) => [
      x.name,
      { rank: x.rank, fieldScores: FIELD_NAMES.map((f) => x.fieldScores[f] ?? null), total: x.total, shown: formatPoint(x.total) },
    ]),
  );
}

async function fromResults(): Promise<Map<string, Reading>> {
  const { items } = await admin.results.list();
  return new Map(
    items.map((item) => [
      item.name,
      // The biên bản's cell: formatPoint of /api/results' total.
      {
        rank: item.rank,
        fieldScores: FIELD_NAMES.map((f) => item.fields.find((x) => x.fieldName === f)!.score),
        total: item.total,
        shown: formatPoint(item.total),
      },
    ]),
  );
}

async function fromCsv(): Promise<Map<string, Reading>> {
  const text = await (await t.request('GET', '/api/results.csv', { cookie: t.cookies.admin })).text();
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
  const column = (name: string) => header!.indexOf(name);
  const number = (cell: string) => {
    expect(cell).toMatch(/^-?\d+,\d$/);
    return Number(cell.replace(',', '.'));
  };
  return new Map(
    rows.map((cells) => {
      const total = cells[column(r.total)]!;
      const fieldScores = [...JUDGED, ANSWERS].map((f) => (cells[column(f.label)] === '' ? null : number(cells[column(f.label)]!)));
      return [cells[column(r.team)]!, { rank: Number(cells[column(r.rank)]), fieldScores, total: number(total), shown: total }];
    }),
  );
}

async function fromXlsx(): Promise<Map<string, Reading>> {
  const response = await t.request('GET', '/api/results.xlsx', { cookie: t.cookies.admin });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const sheet = workbook.getWorksheet(r.sheetResults)!;
  const header = (sheet.getRow(2).values as unknown[]).map(String);
  const readings = new Map<string, Reading>();
  for (let row = 3; row < 3 + TEAMS.length; row++) {
    const cell = (name: string) => sheet.getRow(row).getCell(header.indexOf(name));
    const point = (name: string) => {
      const value = cell(name).value;
      if (value === null) return null;
      expect(cell(name).numFmt).toBe('0.0');
      return value as number;
    };
    const total = point(r.total)!;
    readings.set(String(cell(r.team).value), {
      rank: cell(r.rank).value as number,
      fieldScores: [...JUDGED, ANSWERS].map((f) => point(f.label)),
      total,
      shown: shownCell(total),
    });
  }
  // Each judged field's own sheet ends on the same score.
  for (const field of JUDGED) {
    const own = workbook.getWorksheet(field.label)!;
    const last = (own.getRow(2).values as unknown[]).length - 1;
    for (let row = 3; row < 3 + TEAMS.length; row++) {
      const name = String(own.getRow(row).getCell(2).value);
      expect(own.getRow(row).getCell(last).value ?? null, `${field.label}, ${name}`).toBe(
        readings.get(name)!.fieldScores[JUDGED.indexOf(field)],
      );
    }
  }
  return readings;
}

/**
 * The issue's night: judges give 7, 7 and 7.5 on a criterion weighted 5 (7.1666… × 5 = 35.833…: 35,8,
 * where the CSV said 35,85 and the rest 35,9); a copy of that team, and one on 7.16 × 5 = 35.8
 * exactly, share its rank; a penalty of 0.1 weighted 0.5 (−0.05) is −0,1.
 */
const ISSUE_NIGHT: Night = {
  weights: [500, 235, 50],
  dropExtremes: [false, true],
  teams: [
    {
      judged: [
        [70, 70, 75, null, null],
        [null, null, null, null, null],
      ],
      hand: 0,
    },
    {
      judged: [
        [null, null, null, null, null],
        [null, null, null, null, null],
      ],
      hand: -1,
    },
    'copy',
    {
      judged: [
        [70, 70, 75, 70, 73],
        [null, null, null, null, null],
      ],
      hand: 0,
    },
  ],
  shuffle: [4, 3, 2, 1, 0],
};

describe('the official total', () => {
  it("shows the issue's 7.1666… × 5 as 35,8 in the CSV and the XLSX, ties it with an exact 35.8, and shows a −0.05 penalty as −0,1", async () => {
    await enter(ISSUE_NIGHT);
    const csv = await fromCsv();
    const xlsx = await fromXlsx();
    expect(TEAMS.map((name) => [name, csv.get(name)!.shown, csv.get(name)!.rank])).toEqual([
      ['Đội An', '35,8', 1],
      ['Đội Bình', '-0,1', 4],
      ['Đội Cúc', '35,8', 1],
      ['Đội Dung', '35,8', 1],
    ]);
    expect(TEAMS.map((name) => xlsx.get(name)!.total)).toEqual([35.8, -0.1, 35.8, 35.8]);
    // The criterion's score, shown once rounded too: 7.1666… and 7.16 are both 7,2.
    expect(csv.get('Đội An')!.fieldScores[0]).toBe(7.2);
    expect(csv.get('Đội Dung')!.fieldScores[0]).toBe(7.2);
  });

  it('is the same number and text on the screens, in /api/results (the biên bản), the XLSX and the CSV, rounded once, for random nights', async () => {
    await fc.assert(
      fc.asyncProperty(night, async (n) => {
        const teams = await enter(n);
        const expected = teams.map((team) => expectedOf(n, team));
        const ranks = expectedRanks(expected);
        const want = new Map(
          TEAMS.map((name, i) => [
            name,
            { rank: ranks[i]!, fieldScores: expected[i]!.fieldScores, total: expected[i]!.total, shown: formatPoint(expected[i]!.total) },
          ]),
        );
        const audience = (await (await t.caller()).system.state()).listTeam;
        const outputs = {
          staffScreens: fromList((await admin.system.state()).listTeam),
          audienceScreens: fromList(audience),
          results: await fromResults(),
          csv: await fromCsv(),
          xlsx: await fromXlsx(),
        };
        for (const [output, readings] of Object.entries(outputs)) expect(readings, output).toEqual(want);
      }),
      { numRuns: 20, examples: [[ISSUE_NIGHT]] },
    );
  });
});
