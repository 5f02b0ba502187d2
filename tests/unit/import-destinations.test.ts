/** Where the import dialog sends each sheet by default, and the write call it builds from the choices. */
import { describe, expect, it } from 'vitest';
import {
  defaultDestinations,
  destinationValue,
  parseDestination,
  sharesExistingSet,
  writeInput,
} from '../../src-client/components/questionSet/import/destinations';

const TITLES = { 1: 'NGƯỜI HÀ NỘI', 2: 'TIẾN VỀ HÀ NỘI', 3: 'TÌNH YÊU HÀ NỘI', 4: '', 5: '', 6: '' };
const sheets = (...names: string[]) => names.map((name) => ({ name }));
const context = { setNumber: 3, rounds: [1, 2, 3], roundTitles: TITLES };

describe('defaultDestinations', () => {
  it('sends a one-sheet file to the open set, or to a new set of the open round', () => {
    expect(defaultDestinations(sheets('Trang 1'), { ...context, targetId: 'abc' })).toEqual([{ kind: 'existing', set: 3, _id: 'abc' }]);
    expect(defaultDestinations(sheets('Trang 1'), context)).toEqual([{ kind: 'new', set: 3 }]);
  });

  it('sends each sheet to the next round used, a sheet named like a round to that one, and skips sheets past the rounds', () => {
    expect(defaultDestinations(sheets('Vòng 1', 'Vòng 2', 'Vòng 3', 'Dự phòng'), context)).toEqual([
      { kind: 'new', set: 1 },
      { kind: 'new', set: 2 },
      { kind: 'new', set: 3 },
      { kind: 'skip' },
    ]);
    expect(defaultDestinations(sheets('Tình yêu Hà Nội', 'Vòng A', 'Vòng B', 'Dự phòng'), context)).toEqual([
      { kind: 'new', set: 3 },
      { kind: 'new', set: 1 },
      { kind: 'new', set: 2 },
      { kind: 'skip' },
    ]);
  });

  it('sends the first sheet to the open set', () => {
    expect(defaultDestinations(sheets('A', 'B'), { ...context, targetId: 'abc' })).toEqual([
      { kind: 'existing', set: 3, _id: 'abc' },
      { kind: 'new', set: 2 },
    ]);
  });
});

describe('the write call', () => {
  it('round-trips a destination through its Select value, ids with colons included', () => {
    for (const destination of [{ kind: 'skip' }, { kind: 'new', set: 4 }, { kind: 'existing', set: 2, _id: 'a:b' }] as const) {
      expect(parseDestination(destinationValue(destination))).toEqual(destination);
    }
  });

  it('sends a one-sheet file as the set and mode alone, with the typed title for a new set', () => {
    const versionOf = () => 7;
    expect(writeInput([{ kind: 'new', set: 3 }], { setNumber: 3, mode: 'append', title: ' Đề 1 ', versionOf })).toEqual({
      set: 3,
      mode: 'create',
      title: 'Đề 1',
    });
    expect(writeInput([{ kind: 'existing', set: 3, _id: 'x' }], { setNumber: 3, mode: 'replace', title: '', versionOf })).toEqual({
      set: 3,
      mode: 'replace',
      _id: 'x',
      version: 7,
    });
  });

  it('sends a workbook as one target per chosen sheet, skipped sheets left out', () => {
    const input = writeInput([{ kind: 'skip' }, { kind: 'existing', set: 1, _id: 'x' }, { kind: 'new', set: 2 }], {
      setNumber: 1,
      mode: 'append',
      title: '',
      versionOf: () => 4,
    });
    expect(input).toEqual({
      set: 1,
      mode: 'append',
      sheets: [
        { sheet: 1, set: 1, mode: 'append', _id: 'x', version: 4 },
        { sheet: 2, set: 2, mode: 'create' },
      ],
    });
    expect(writeInput([{ kind: 'skip' }, { kind: 'skip' }], { setNumber: 1, mode: 'append', title: '', versionOf: () => 0 })).toBeNull();
  });

  it('notices two sheets aimed at one existing set', () => {
    expect(
      sharesExistingSet([
        { kind: 'existing', set: 1, _id: 'x' },
        { kind: 'new', set: 1 },
        { kind: 'existing', set: 1, _id: 'x' },
      ]),
    ).toBe(true);
    expect(
      sharesExistingSet([
        { kind: 'new', set: 1 },
        { kind: 'new', set: 1 },
      ]),
    ).toBe(false);
  });
});
