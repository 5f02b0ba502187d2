/**
 * messages.resultsLock: results locked ("kết quả đã chốt") per round or for the whole event: the
 * refusals of every path that would move a locked point, the dashboard's panel, and the log's words.
 */

/** What a lock covers, inside a sentence: "phần thi 2", "toàn bộ cuộc thi". */
const covered = (round: number | null) => (round === null ? 'toàn bộ cuộc thi' : `phần thi ${round}`);

export const resultsLockText = {
  roundLocked: (round: number) =>
    `Kết quả phần thi ${round} đã chốt: không thay đổi điểm của phần thi này được nữa. Cần sửa thì quản trị viên mở khoá kèm lý do.`,
  eventLocked: 'Kết quả cuộc thi đã chốt: không thay đổi điểm được nữa. Cần sửa thì quản trị viên mở khoá kèm lý do.',
  alreadyLocked: (round: number | null) => `Kết quả ${covered(round)} đã chốt rồi.`,
  notLocked: (round: number | null) => `Kết quả ${covered(round)} chưa chốt: không có gì để mở khoá.`,
  roundNotUsed: (round: number) => `Cuộc thi không có phần thi ${round}.`,
  reasonRequired: 'Nhập lý do mở khoá.',
  reasonTooLong: 'Lý do mở khoá dài quá 500 ký tự.',
  finalNeedsLock: 'Chưa chốt kết quả toàn bộ cuộc thi: chốt ở Bảng điều khiển → Chốt kết quả rồi mới chiếu kết quả chung cuộc.',
  finalOnAir: 'Màn chiếu đang hiện kết quả chung cuộc: chuyển sang màn hình khác rồi mới mở khoá kết quả toàn bộ cuộc thi.',
  lockedAction: (round: number | null) => `Chốt kết quả ${covered(round)}`,
  unlockedAction: (round: number | null, reason: string) => `Mở khoá kết quả ${covered(round)}: ${reason}`,
  stateOpen: 'Chưa chốt',
  stateLocked: 'Đã chốt',
} as const;
