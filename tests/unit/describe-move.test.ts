import { describe, expect, it } from 'vitest';
import { describeMove } from '../../src/describeMove';
import { defaultShowState } from '../../src/schemas/show';

const names = {
  set: (id: string) => (id === 's1' ? 'Người Hà Nội' : ''),
  team: (id: string) => (id === 't1' ? 'THPT Chu Văn An' : ''),
  field: (name: string) => (name === 'f1' ? 'Phần 1' : ''),
};

describe('a show move told to the other consoles', () => {
  it('names a picked question by its number, not its set, and the phase it went back to', () => {
    const system = {
      ...defaultShowState(),
      question: { id: 'q3', index: 2, content: '', options: [], media: null, point: 10, timeLimit: 30 },
    };
    expect(describeMove({ kind: 'update', changes: { setId: 's1', questionId: 'q3', phase: 'idle' } }, system, names)).toBe(
      'chọn câu 3, màn hình chính: Chờ',
    );
  });

  it('says what each control did, with the names the console knows', () => {
    const system = defaultShowState();
    expect(describeMove({ kind: 'update', changes: { timer: { action: 'pause' } } }, system, names)).toBe('tạm dừng đồng hồ');
    expect(describeMove({ kind: 'update', changes: { activeTeamId: 't1' } }, system, names)).toBe('đội trên sân khấu: THPT Chu Văn An');
    expect(describeMove({ kind: 'update', changes: { activeField: 'f1', scoringOpen: true } }, system, names)).toBe(
      'tiêu chí chấm: Phần 1, mở chấm',
    );
    expect(describeMove({ kind: 'update', changes: { setId: 's1' } }, system, names)).toBe('chọn bộ câu hỏi «Người Hà Nội»');
    expect(describeMove({ kind: 'update', changes: { screen2: 'judges', scoreboardFrozen: true } }, system, names)).toBe(
      'màn hình phụ: Giám khảo, đóng băng bảng điểm',
    );
    expect(describeMove({ kind: 'update', changes: { fw: 2 } }, system, names)).toBe('chuyển sang Phần 2');
    expect(describeMove({ kind: 'undo' }, system, names)).toBe('hoàn tác');
  });
});
