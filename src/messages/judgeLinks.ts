/** messages.judgeLinks: the judges' sign-in links and QR cards, issued from /user. */
export const judgeLinksText = {
  action: 'Liên kết giám khảo',
  title: (name: string) => `Liên kết chấm điểm — ${name}`,
  intro: 'Giám khảo mở liên kết (hoặc quét mã QR) trên điện thoại là vào thẳng phiếu chấm, không cần mật khẩu.',
  create: 'Tạo liên kết',
  reissue: 'Cấp lại liên kết',
  reissueWarning:
    'Cấp lại sẽ làm liên kết cũ hết hiệu lực và đăng xuất người đang dùng liên kết đó (dùng khi đổi người ngồi ghế giám khảo).',
  tokenOnce:
    'Máy chủ chỉ lưu mã băm của liên kết: liên kết chỉ hiện một lần ngay sau khi tạo. Hãy sao chép hoặc in ngay; nếu mất, cấp lại liên kết mới.',
  copy: 'Sao chép',
  copied: 'Đã sao chép',
  revoke: 'Thu hồi',
  revokeTitle: 'Thu hồi liên kết',
  revokeText: (name: string) => `Thu hồi liên kết của ${name}? Người đang dùng liên kết sẽ bị đăng xuất.`,
  revoked: 'Thu hồi liên kết thành công',
  issued: 'Tạo liên kết thành công',
  issueError: 'Tạo liên kết lỗi.',
  revokeError: 'Thu hồi liên kết lỗi.',
  qrAlt: (username: string) => `Mã QR đăng nhập của ${username}`,
  printCards: 'In thẻ QR giám khảo',
  printCardsTitle: 'In thẻ QR cho tất cả giám khảo',
  printCardsText: (n: number) =>
    `Cấp liên kết mới cho ${n} giám khảo: mọi liên kết cũ hết hiệu lực và các giám khảo đang đăng nhập bằng liên kết sẽ bị đăng xuất. Tiếp tục?`,
  noJudges: 'Chưa có tài khoản giám khảo nào.',
  cardsHeading: 'Thẻ đăng nhập giám khảo',
  cardHint: 'Quét mã bằng camera điện thoại để vào phiếu chấm',
  closeSheet: 'Đóng',
  judgesError: 'Lấy danh sách giám khảo lỗi.',
  // The hall address (src-server/hall-address.ts), shown on /user and with each link.
  hallAddress: (origin: string) => `Điện thoại mở liên kết tại: ${origin}`,
  hallFromPublicUrl: 'Địa chỉ này đặt bằng PUBLIC_URL.',
  hallGuessed:
    'Địa chỉ này do máy chủ tự đoán: chưa đặt PUBLIC_URL và trang này đang mở bằng địa chỉ của chính máy chủ (localhost), nên máy chủ lấy địa chỉ của nó trong mạng nội bộ.',
  hallOthers: (addresses: string) => `Máy chủ còn có địa chỉ: ${addresses}.`,
  hallFix: (example: string) =>
    `Nếu điện thoại trong hội trường không mở được, đặt PUBLIC_URL khi chạy máy chủ (ví dụ PUBLIC_URL=${example}) rồi khởi động lại.`,
  hallNone:
    'Máy chủ chưa kết nối mạng nào: điện thoại chưa thể mở liên kết giám khảo. Kết nối máy chủ vào Wi-Fi của hội trường rồi tải lại trang, hoặc đặt PUBLIC_URL khi chạy máy chủ.',
  hallError: 'Không đọc được địa chỉ máy chủ.',
} as const;
