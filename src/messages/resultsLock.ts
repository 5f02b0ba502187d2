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

  title: 'Chốt kết quả',
  hint: 'Khi đã chốt, mọi thay đổi điểm của phần thi bị từ chối (giám khảo chấm, quản trị viên nhập hay sửa, điểm tay, điểm của thể thức, hoàn tác, bình chọn, đặt lại) cho tới khi mở khoá. Bảng điểm trực tiếp vẫn chạy; màn hình kết quả chung cuộc cần chốt toàn bộ cuộc thi.',
  unroundedHint: (fields: string) => `Tiêu chí không thuộc phần thi nào (${fields}) chỉ khoá khi chốt toàn bộ cuộc thi.`,
  roundName: (round: number, title: string) => (title ? `Phần ${round}: ${title}` : `Phần ${round}`),
  wholeEvent: 'Toàn bộ cuộc thi',
  lockedBy: (name: string, at: string) => `Chốt bởi ${name || 'không rõ'} lúc ${at}`,
  lockedWithEvent: 'Đã khoá theo toàn bộ cuộc thi',
  lock: 'Chốt',
  unlock: 'Mở khoá',
  lockTitle: (what: string) => `Chốt kết quả «${what}»?`,
  lockText:
    'Sau khi chốt, không ai thay đổi được điểm ở đây cho tới khi quản trị viên mở khoá (cần nêu lý do). Việc chốt và mở khoá đều được ghi vào nhật ký thao tác.',
  unlockTitle: (what: string) => `Mở khoá kết quả «${what}»`,
  unlockReason: 'Lý do mở khoá',
  unlockReasonPlaceholder: 'Ví dụ: ban giám khảo phúc khảo điểm đội Lớp 9A2',
  lockedToast: (what: string) => `Đã chốt kết quả «${what}»`,
  unlockedToast: (what: string) => `Đã mở khoá kết quả «${what}»`,
  lockError: 'Không chốt được kết quả.',
  unlockError: 'Không mở khoá được kết quả.',
  loadError: 'Không đọc được tình trạng chốt kết quả.',
  round: 'Phần thi',
  state: 'Tình trạng',
} as const;
