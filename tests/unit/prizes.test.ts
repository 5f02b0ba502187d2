import { describe, expect, it } from 'vitest';
import { awardPrizes } from '../../src/prizes';
import { ZPrizeRulesSchema } from '../../src/schemas/certificates';

const ranked = (...ranks: number[]) => ranks.map((rank, i) => ({ name: `Đội ${i + 1}`, rank, total: 100 - rank }));
const prizesOf = (rules: Parameters<typeof awardPrizes>[0], ranking: ReturnType<typeof ranked>) =>
  awardPrizes(rules, ranking).map((t) => t.prize);

describe('prizes by counts', () => {
  const counts = (nhat: number, nhi: number, ba: number, restKhuyenKhich = true) =>
    ({ mode: 'counts', counts: { nhat, nhi, ba }, restKhuyenKhich }) as const;

  it('gives 1 Nhất, 2 Nhì, 3 Ba and the rest Khuyến khích down a ranking without ties', () => {
    expect(prizesOf(counts(1, 2, 3), ranked(1, 2, 3, 4, 5, 6, 7, 8))).toEqual([
      'nhat',
      'nhi',
      'nhi',
      'ba',
      'ba',
      'ba',
      'khuyenKhich',
      'khuyenKhich',
    ]);
  });

  it('gives both teams tied 1st the one Nhất, and the next team, 3rd, the prize of place 3', () => {
    expect(prizesOf(counts(1, 1, 1), ranked(1, 1, 3, 4))).toEqual(['nhat', 'nhat', 'ba', 'khuyenKhich']);
    expect(prizesOf(counts(1, 2, 1), ranked(1, 1, 3, 4))).toEqual(['nhat', 'nhat', 'nhi', 'ba']);
  });

  it('lets teams sharing a rank across a prize boundary share the higher prize', () => {
    expect(prizesOf(counts(1, 1, 1, false), ranked(1, 2, 2, 2, 5))).toEqual(['nhat', 'nhi', 'nhi', 'nhi', null]);
  });

  it('gives nothing past the counted prizes unless the rest get Khuyến khích', () => {
    expect(prizesOf(counts(1, 0, 0, false), ranked(1, 2))).toEqual(['nhat', null]);
    expect(prizesOf(counts(0, 0, 0, true), ranked(1, 2))).toEqual(['khuyenKhich', 'khuyenKhich']);
  });
});

describe('prizes by score bands', () => {
  const rules = ZPrizeRulesSchema.parse({
    mode: 'bands',
    bands: [
      { prize: 'ba', minTotal: 60 },
      { prize: 'nhat', minTotal: 90 },
      { prize: 'nhi', minTotal: 75 },
    ],
  });

  it('gives each team the highest prize its official total reaches, equal totals alike', () => {
    const teams = [
      { rank: 1, total: 95 },
      { rank: 2, total: 90 },
      { rank: 3, total: 89.9 },
      { rank: 4, total: 75 },
      { rank: 5, total: 60 },
      { rank: 5, total: 60 },
      { rank: 7, total: 59.9 },
    ];
    expect(awardPrizes(rules, teams).map((t) => t.prize)).toEqual(['nhat', 'nhat', 'nhi', 'nhi', 'ba', 'ba', null]);
  });

  it('refuses bands where a higher prize needs no more than a lower one, or a prize twice', () => {
    const bad = ZPrizeRulesSchema.safeParse({
      mode: 'bands',
      bands: [
        { prize: 'nhat', minTotal: 50 },
        { prize: 'nhi', minTotal: 70 },
      ],
    });
    expect(bad.error?.issues[0]?.message).toBe('Mức điểm của giải cao hơn phải lớn hơn mức của giải thấp hơn');
    const twice = ZPrizeRulesSchema.safeParse({
      mode: 'bands',
      bands: [
        { prize: 'ba', minTotal: 50 },
        { prize: 'ba', minTotal: 70 },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe('Mỗi giải chỉ có một mức điểm');
  });
});
