/**
 * messages.ballot: the audience's ballot (ballot.html, served at / while a vote is open). The server's
 * refusals (closed, already voted, too many) come in its own words. The home page's way to the ballot
 * is with the home page's words (home.ts), so the two pages share no file but React.
 */
export const ballotText = {
  pageTitle: 'Bình chọn',
  title: 'Bình chọn đội được yêu thích nhất',
  pickOne: 'Chạm vào đội bạn yêu thích nhất',
  pickUpTo: (n: number) => `Chọn tối đa ${n} đội`,
  pickedCount: (picked: number, max: number) => `Đã chọn ${picked}/${max}`,
  full: (n: number) => `Bạn chỉ được chọn tối đa ${n} đội. Bỏ chọn một đội để chọn đội khác.`,
  closesAt: (time: string) => `Kết thúc lúc ${time}`,
  send: 'Gửi bình chọn',
  sending: 'Đang gửi…',
  resending: 'Đang gửi lại…',
  resendingHint: 'Nhiều người đang bình chọn cùng lúc. Phiếu của bạn đang được gửi lại, xin giữ nguyên trang này.',
  sendAgain: 'Gửi lại bình chọn',
  sendFailed: 'Chưa gửi được: không kết nối được với máy chủ. Lựa chọn của bạn vẫn được giữ, hãy thử gửi lại.',
  thanks: 'Cảm ơn bạn đã bình chọn!',
  yourChoice: 'Bạn đã chọn',
  resultsOnScreen: 'Kết quả sẽ được công bố trên màn hình hội trường.',
  change: 'Đổi bình chọn',
  keepChoice: 'Giữ bình chọn cũ',
  closed: 'Bình chọn đã kết thúc',
  closedHint: 'Cảm ơn bạn đã tham gia. Mời bạn tiếp tục theo dõi hội thi.',
  toEvent: 'Về trang hội thi',
} as const;

/**
 * messages.voteGuard: what the server says when it guards the ballots (a ballot without its page's
 * cookie, too fast from one network, from a network the staff struck) and the action-log words of a
 * discard. Its own export, so the ballot page's bundle does not carry it.
 */
export const voteGuardText = {
  noDevice: 'Phiếu chưa được nhận vì trang bình chọn chưa tải xong. Vui lòng tải lại trang rồi bình chọn lại.',
  tooFast: (seconds: number) => `Đang có rất nhiều phiếu gửi từ cùng một mạng. Phiếu sẽ được nhận sau khoảng ${seconds} giây, xin gửi lại.`,
  sourceDiscarded: 'Ban tổ chức đã loại các phiếu gửi từ mạng này khỏi cuộc bình chọn.',
  discardNoBallots: 'Địa chỉ này không có phiếu nào trong cuộc bình chọn',
  discardTwice: 'Phiếu từ địa chỉ này đã bị loại rồi',
  discardAwarded: 'Kết quả bình chọn đã được quy ra điểm: không loại phiếu được nữa',
  discardNotLast: 'Chỉ loại được phiếu của cuộc bình chọn gần nhất',
  discardSummary: (ballots: number, address: string, voteId: string) =>
    `Loại ${ballots.toLocaleString('vi-VN')} phiếu bình chọn gửi từ địa chỉ ${address} (cuộc bình chọn số ${voteId})`,
  countedBallots: (ballots: number) => `${ballots.toLocaleString('vi-VN')} phiếu được tính`,
} as const;
