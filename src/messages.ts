/**
 * Every Vietnamese string a user sees, in one catalogue.
 * The seed's messages (section 8) are binding to the letter, trailing spaces included.
 */
export const messages = {
  // Seed: error toasts
  systemStateError: 'Lấy thông tin hệ thống lỗi!',
  loginFailed: 'Đăng nhập thất bại!',
  logoutFailed: 'Đăng xuất thất bại!',
  profileUpdateError: 'Cập nhật thông tin cá nhân lỗi!',
  questionSetCreateError: 'Tạo bộ câu hỏi lỗi. ',
  questionSetUpdateError: 'Cập nhật bộ câu hỏi lỗi. ',
  questionSetDeleteError: 'Xóa bộ câu hỏi lỗi. ',
  questionSetListError: 'Lấy danh sách bộ câu hỏi lỗi. ',
  questionSetGetError: 'Lấy bộ câu hỏi lỗi. ',
  userListError: 'Lấy danh sách người dùng bị lỗi',
  userCreateError: 'Tạo người dùng bị lỗi',
  userUpdateError: 'Cập nhật thông tin người dùng bị lỗi',
  userDeleteError: 'Xóa người dùng bị lỗi',
  teamUpdateError: 'Cập nhật thông tin bị lỗi',
  scoringError: 'Chấm điểm bị lỗi!',
  chunkLoadFailed: (id: string, type: string, src: string) => `Loading chunk ${id} failed (${type}: ${src})`,

  // Seed: success toasts
  created: 'Tạo mới thành công',
  updated: 'Cập nhật thành công',
  userCreated: 'Tạo người dùng thành công',
  userUpdated: 'Cập nhật thông tin người dùng thành công',
  userDeleted: 'Xóa người dùng thành công',
  infoUpdated: 'Cập nhật thông tin thành công',
  scored: 'Chấm điểm thành công!',

  // Seed: logout confirmation
  logoutTitle: 'Đăng xuất',
  logoutText: 'Bạn có muốn đăng xuất không?',
  cancel: 'Huỷ',
  agree: 'Đồng ý',

  // Server errors
  invalidCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  tooManyAttempts: (minutes: number) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  notLoggedIn: 'Bạn cần đăng nhập để thực hiện thao tác này',
  forbidden: 'Bạn không có quyền thực hiện thao tác này',
  notFound: 'Không tìm thấy dữ liệu yêu cầu',
  apiNotFound: 'Không tìm thấy đường dẫn API',
  conflict: 'Dữ liệu đã bị thay đổi bởi người khác, vui lòng tải lại',
  internalError: 'Máy chủ gặp sự cố, vui lòng thử lại',
  malformedJson: 'Dữ liệu gửi lên không phải JSON hợp lệ',
  invalidInput: 'Dữ liệu không hợp lệ',
  crossOrigin: 'Yêu cầu bị từ chối vì không xuất phát từ trang của hội thi',
  currentPasswordRequired: 'Cần nhập mật khẩu hiện tại để đổi mật khẩu',
  currentPasswordWrong: 'Mật khẩu hiện tại không đúng',
  accountDisabled: 'Tài khoản đã bị khoá',

  // Validation
  invalidEmail: 'Email không hợp lệ',
  invalidMobile: 'Số điện thoại phải bắt đầu bằng 0 và có ít nhất 10 chữ số',
  invalidDate: 'Ngày phải có dạng dd/mm/yyyy',
  usernameRequired: 'Vui lòng nhập tên đăng nhập',
  passwordRequired: 'Vui lòng nhập mật khẩu',
  passwordTooShort: 'Mật khẩu phải có ít nhất 8 ký tự',
  fullNameRequired: 'Vui lòng nhập họ tên',

  // Command line and start-up
  dataDirLocked: (pid: number, dir: string) =>
    `Thư mục dữ liệu ${dir} đang được máy chủ khác sử dụng (tiến trình ${pid}). Hãy dừng máy chủ đó trước.`,
  adminCreated: (username: string, password: string) =>
    `Đã tạo tài khoản quản trị: ${username} / ${password} (hãy đổi mật khẩu sau khi đăng nhập)`,
  serverListening: (url: string) => `Hội thi đang chạy tại ${url}`,

  // Screens
  appName: 'Hội thi',
  notFoundPage: 'Không tìm thấy trang',
  notFoundHint: 'Đường dẫn bạn mở không tồn tại.',
  backHome: 'Về trang chủ',
  reload: 'Tải lại trang',
  underConstruction: 'Màn hình này đang xây dựng',
  underConstructionHint: 'Chức năng sẽ có trong bản cập nhật tiếp theo.',
  loading: 'Đang tải…',
  login: 'Đăng nhập',
  logout: 'Đăng xuất',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  loginTitle: 'Đăng nhập hệ thống',
  loginHint: 'Dành cho ban tổ chức, người điều khiển, giám khảo và các đội thi.',
  rounds: 'Các phần thi',
  rules: 'Thể lệ',
  teams: 'Các đội thi',
  noRules: 'Thể lệ sẽ được ban tổ chức công bố.',
  noTeams: 'Chưa có đội thi.',
  goToMyScreen: 'Vào màn hình của tôi',
  loggedInAs: (name: string) => `Đang đăng nhập: ${name}`,
  disconnected: 'Mất kết nối',
  roleNames: { admin: 'Quản trị', master: 'Điều khiển', judge: 'Giám khảo', team: 'Đội thi' },
  roundLabel: (n: number) => `Phần thi ${n}`,
} as const;

export type Messages = typeof messages;
