import { describe, expect, it } from 'vitest';
import { judgesOnField } from '../../src/results';

const judges = [
  { gkId: 'a', name: 'Giám khảo A' },
  { gkId: 'b', name: 'Giám khảo B' },
  { gkId: 'c', name: 'Giám khảo C' },
];
const field = (fieldName: string, points: Record<string, number | null>) => ({
  fieldName,
  label: fieldName,
  kind: 'judges' as const,
  score: null,
  judges: Object.entries(points).map(([gkId, point]) => ({ gkId, name: gkId, point })),
});

describe('judgesOnField', () => {
  it('splits the judges into those with a point on the field and those with none, in the judges order', () => {
    const items = [
      { fields: [field('p1', { a: null, b: 7, c: null }), field('p2', { a: 5, b: null, c: null })] },
      { fields: [field('p1', { a: null, b: null, c: 8 })] },
    ];
    expect(judgesOnField({ items, judges }, 'p1')).toEqual({ scored: [judges[1], judges[2]], never: [judges[0]] });
    expect(judgesOnField({ items, judges }, 'p2')).toEqual({ scored: [judges[0]], never: [judges[1], judges[2]] });
  });

  it('names every judge as never scored on a field nobody scored or no team has', () => {
    expect(judgesOnField({ items: [{ fields: [] }], judges }, 'p9')).toEqual({ scored: [], never: judges });
  });
});
