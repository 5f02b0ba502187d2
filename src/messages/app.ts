/**
 * Every screen's frame: the app's name, the role names, screen titles and the admin shell's navigation,
 * the loading, not-found, no-access and failed-chunk pages, the connection badge.
 */
export const appText = {
  appName: 'Hội thi',
  notFoundPage: 'Không tìm thấy trang',
  notFoundHint: 'Đường dẫn bạn mở không tồn tại.',
  backHome: 'Về trang chủ',
  reload: 'Tải lại trang',
  loading: 'Đang tải…',
  goToMyScreen: 'Vào màn hình của tôi',
  loggedInAs: (name: string) => `Đang đăng nhập: ${name}`,
  disconnected: 'Mất kết nối',
  roleNames: { admin: 'Quản trị', master: 'Điều khiển', judge: 'Giám khảo', team: 'Đội thi' },
  roundLabel: (n: number) => `Phần thi ${n}`,
  // A round's title until the organisers name it (rounds beyond the contract's first four).
  defaultRoundTitle: (n: number) => `PHẦN THI ${n}`,
  screenTitles: {
    screen: 'Màn hình trình chiếu',
    screen2: 'Màn hình phụ',
    master: 'Bàn điều khiển',
    supporter: 'Giám khảo chấm thi',
    team: 'Màn hình đội thi',
    preview: 'Xem trước màn hình',
    dashboard: 'Bảng điều khiển',
    events: 'Cuộc thi',
    users: 'Người dùng',
    members: 'Đội thi',
    rules: 'Thể lệ',
  },
  questionSets: 'Bộ câu hỏi',
  questionSetTitle: (n: number) => `Bộ câu hỏi ${n}`,
  adminArea: 'Quản trị hội thi',
  toggleNavigation: 'Mở hoặc đóng menu',
  // Names of icon-only controls that every screen shares (set as the components' defaults in the theme).
  closeDialog: 'Đóng',
  pagination: { first: 'Trang đầu', previous: 'Trang trước', next: 'Trang sau', last: 'Trang cuối' },
  noAccess: 'Bạn không có quyền xem màn hình này',
  noAccessHint: 'Hãy đăng nhập bằng tài khoản phù hợp hoặc quay về màn hình của bạn.',
  chunkLoadFailedTitle: 'Không tải được màn hình',
  chunkLoadFailedHint: 'Kiểm tra kết nối mạng của máy rồi tải lại trang.',
} as const;
