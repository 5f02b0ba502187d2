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
