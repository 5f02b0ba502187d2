/** The event settings' rules: the slogan, and which rounds an event may use (rounds 1..N, an empty title: not used). */
import { describe, expect, it } from 'vitest';
import { homePageText } from '../../src/messages/home';
import { validationText } from '../../src/messages/validation';
import { roundsUsed } from '../../src/rounds';
import { ZEventSettingsSchema, ZSettingsChangesSchema } from '../../src/schemas/settings';

const titles = (...list: string[]) => Object.fromEntries(list.map((title, i) => [String(i + 1), title]));
const issuesOf = (changes: unknown) =>
  (ZSettingsChangesSchema.safeParse(changes).error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('round titles', () => {
  it('takes rounds 1..N with a title and the rest empty, for N from 1 to 6', () => {
    for (let n = 1; n <= 6; n++) {
      const list = [1, 2, 3, 4, 5, 6].map((r) => (r <= n ? `PHẦN ${r}` : ''));
      const parsed = ZSettingsChangesSchema.parse({ roundTitles: titles(...list) });
      expect(roundsUsed(parsed.roundTitles ?? {})).toEqual([1, 2, 3, 4, 5, 6].slice(0, n));
    }
  });

  it('counts a title of spaces as empty', () => {
    const parsed = ZSettingsChangesSchema.parse({ roundTitles: titles('KHỞI ĐỘNG', '  ', '', '', '', '') });
    expect(parsed.roundTitles?.['2']).toBe('');
    expect(roundsUsed(parsed.roundTitles ?? {})).toEqual([1]);
  });

  it('refuses an event without round 1, at round 1', () => {
    expect(issuesOf({ roundTitles: titles('', '', '', '', '', '') })).toEqual([
      { path: 'roundTitles.1', message: validationText.firstRoundTitleRequired },
    ]);
    expect(issuesOf({ roundTitles: { '1': ' ' } })).toEqual([{ path: 'roundTitles.1', message: validationText.firstRoundTitleRequired }]);
    expect(validationText.firstRoundTitleRequired).toBe('Vui lòng nhập tên phần thi 1: cuộc thi cần ít nhất một phần thi');
  });

  it('refuses a gap in the rounds used, at the first empty round before a used one', () => {
    expect(issuesOf({ roundTitles: titles('A', 'B', '', 'D', '', '') })).toEqual([
      { path: 'roundTitles.3', message: validationText.roundTitleGap },
    ]);
    expect(issuesOf({ roundTitles: titles('A', '', '', '', '', 'F') })).toEqual([
      { path: 'roundTitles.2', message: validationText.roundTitleGap },
    ]);
  });

  it('judges only the rounds a change gives', () => {
    expect(issuesOf({ roundTitles: { '4': '' } })).toEqual([]);
    expect(issuesOf({ roundTitles: { '5': 'VỀ ĐÍCH' } })).toEqual([]);
    expect(issuesOf({ roundTitles: { '2': '', '5': 'VỀ ĐÍCH' } })).toEqual([
      { path: 'roundTitles.2', message: validationText.roundTitleGap },
    ]);
  });

  it('still refuses a title over 200 characters, naming the field', () => {
    expect(issuesOf({ roundTitles: { '2': 'x'.repeat(201) } })).toEqual([
      { path: 'roundTitles.2', message: 'Tên các phần thi chỉ được dài tối đa 200 ký tự' },
    ]);
  });
});

describe('slogan', () => {
  it('takes any slogan up to 300 characters, or none', () => {
    expect(ZSettingsChangesSchema.parse({ slogan: '  Vì Thủ đô văn minh  ' }).slogan).toBe('Vì Thủ đô văn minh');
    expect(ZSettingsChangesSchema.parse({ slogan: '' }).slogan).toBe('');
    expect(issuesOf({ slogan: 'x'.repeat(301) })).toEqual([{ path: 'slogan', message: 'Khẩu hiệu chỉ được dài tối đa 300 ký tự' }]);
  });

  it('reads stored settings from before the slogan as the tagline they showed, and a stored empty one as none', () => {
    const before = { name: 'Hội thi', date: null, venue: '', logoUrl: '', roundTitles: titles('A', 'B', 'C', 'D', 'E', 'F') };
    expect(ZEventSettingsSchema.parse(before).slogan).toBe(homePageText.homeTagline);
    expect(homePageText.homeTagline).toBe('Sân chơi trí tuệ, đoàn kết và sáng tạo');
    expect(ZEventSettingsSchema.parse({ ...before, slogan: '' }).slogan).toBe('');
    expect(ZEventSettingsSchema.partial().parse({ name: 'Hội thi' }).slogan).toBe(homePageText.homeTagline);
  });
});
