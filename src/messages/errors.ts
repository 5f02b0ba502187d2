/** What the server answers when a request fails (auth, roles, limits, malformed input). */
export const errorsText = {
  invalidCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  tooManyAttempts: (seconds: number) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  notLoggedIn: 'Bạn cần đăng nhập để thực hiện thao tác này',
  forbidden: 'Bạn không có quyền thực hiện thao tác này',
  notFound: 'Không tìm thấy dữ liệu yêu cầu',
  apiNotFound: 'Không tìm thấy đường dẫn API',
  conflict: 'Dữ liệu đã bị thay đổi bởi người khác, vui lòng tải lại',
  internalError: 'Máy chủ gặp sự cố, vui lòng thử lại',
  malformedJson: 'Dữ liệu gửi lên không phải JSON hợp lệ',
  invalidInput: 'Dữ liệu không hợp lệ',
  // Appended to a schema's message to name the field it refused.
  inField: (field: string) => ` (trường ${field})`,
  nulCharacter: 'Dữ liệu chứa ký tự không hợp lệ (NUL)',
  tooManySubscriptions: 'Quá nhiều kênh theo dõi trên một kết nối',
  bodyTooLarge: (megabytes: number) => `Dữ liệu gửi lên quá lớn (tối đa ${megabytes} MB)`,
  crossOrigin: 'Yêu cầu bị từ chối vì không xuất phát từ trang của hội thi',
  currentPasswordRequired: 'Cần nhập mật khẩu hiện tại để đổi mật khẩu',
  currentPasswordWrong: 'Mật khẩu hiện tại không đúng',
  clientNotBuilt: 'Giao diện chưa được build: hãy chạy npm start.',
} as const;
