/** What one item of a list is called, to say which one a refusal is about: `items.3` → "câu 4". */
const listItemNames: Readonly<Record<string, string>> = {
  items: 'câu',
  members: 'thành viên',
  teamIds: 'đội',
  rules: 'quy tắc',
  options: 'lựa chọn',
  placePoints: 'thứ hạng',
  keywordPoints: 'mốc',
  packages: 'gói',
  shownAnswers: 'câu trả lời',
  openFields: 'tiêu chí',
  roundTitles: 'phần',
};

/** What the server answers when a request fails (auth, roles, limits, malformed input). */
export const errorsText = {
  invalidCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  tooManyAttempts: (seconds: number) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  oneLoginPerRequest: 'Mỗi yêu cầu chỉ được đăng nhập một lần',
  loginOverSocket: 'Không đăng nhập được qua kết nối trực tiếp; hãy đăng nhập từ trang đăng nhập',
  notLoggedIn: 'Bạn cần đăng nhập để thực hiện thao tác này',
  forbidden: 'Bạn không có quyền thực hiện thao tác này',
  notFound: 'Không tìm thấy dữ liệu yêu cầu',
  apiNotFound: 'Không tìm thấy đường dẫn API',
  conflict: 'Dữ liệu đã bị thay đổi bởi người khác, vui lòng tải lại',
  internalError: 'Máy chủ gặp sự cố, vui lòng thử lại',
  malformedJson: 'Dữ liệu gửi lên không phải JSON hợp lệ',
  invalidInput: 'Dữ liệu không hợp lệ',
  // Appended to a refusal at a field's path (`items.3.options.1`) to say which item of which list it is
  // about: " (câu 4, lựa chọn 2)"; nothing for a field outside lists, which the message names itself.
  inField: (field: string) => {
    const parts = field.split('.');
    const found = parts.flatMap((part, index) => {
      if (!/^\d+$/.test(part)) return [];
      const list = parts[index - 1] ?? '';
      const item = listItemNames[list] ?? 'mục';
      // A record keyed by number (a round's title under `roundTitles.3`) names the key itself.
      return [`${item} ${list === 'roundTitles' ? part : Number(part) + 1}`];
    });
    return found.length ? ` (${found.join(', ')})` : '';
  },
  nulCharacter: 'Dữ liệu chứa ký tự không hợp lệ (NUL)',
  inputTooDeep: (max: number) => `Dữ liệu gửi lên lồng nhau quá sâu (tối đa ${max} cấp)`,
  batchTooLarge: (max: number) => `Quá nhiều lệnh trong một yêu cầu (tối đa ${max})`,
  tooManySubscriptions: 'Quá nhiều kênh theo dõi trên một kết nối',
  bodyTooLarge: (megabytes: number) => `Dữ liệu gửi lên quá lớn (tối đa ${megabytes} MB)`,
  crossOrigin: 'Yêu cầu bị từ chối vì không xuất phát từ trang của hội thi',
  currentPasswordRequired: 'Cần nhập mật khẩu hiện tại để đổi mật khẩu',
  currentPasswordWrong: 'Mật khẩu hiện tại không đúng',
  // In place of the browser's own words for a request that never reached the server ("Failed to fetch").
  serverUnreachable: 'Không kết nối được máy chủ. Kiểm tra Wi-Fi rồi thử lại.',
  clientNotBuilt: 'Giao diện chưa được build: hãy chạy npm start.',
} as const;
