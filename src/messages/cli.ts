/** The command line and the server's start-up: what the terminal shows (npm start, npm run import, user:create, export, seed:demo). */
export const cliText = {
  // Start-up and shutdown
  dataDirLocked: (pid: number, dir: string) =>
    `Thư mục dữ liệu ${dir} đang được máy chủ khác sử dụng (tiến trình ${pid}). Hãy dừng máy chủ đó trước.`,
  adminCreated: (username: string, password: string) =>
    `Đã tạo tài khoản quản trị: ${username} / ${password} (hãy đổi mật khẩu sau khi đăng nhập)`,
  // The first admin's full name, and what adminCreated shows instead of a password taken from ADMIN_PASSWORD.
  firstAdminName: 'Quản trị viên',
  adminPasswordFromEnv: '(mật khẩu trong ADMIN_PASSWORD)',
  serverListening: (url: string) => `Hội thi đang chạy tại ${url}`,
  serverOnLan: (urls: string) => `Trên mạng nội bộ (điện thoại, máy chiếu): ${urls}`,
  serverStopping: (signal: string) => `[server] ${signal}: đang dừng…`,
  cliStopServer: (pid: number, dir: string) =>
    `Máy chủ (tiến trình ${pid}) đang giữ thư mục dữ liệu ${dir}. Hãy dừng máy chủ rồi chạy lại lệnh này; chưa có gì bị thay đổi.`,
  cliEventNotFound: (wanted: string, events: string[]) =>
    [`Không có cuộc thi «${wanted}» (--event nhận mã hoặc tên cuộc thi). Các cuộc thi hiện có:`, ...events.map((e) => `  ${e}`)].join('\n'),

  // npm run import
  importUsage:
    'Cách dùng: npm run import -- --set <1..6> --file <đường dẫn .json|.csv|.xlsx> [--title <tên bộ câu hỏi>] [--dry-run] [--event <mã hoặc tên cuộc thi>]',
  importBadSet: 'Tham số --set phải là một số từ 1 đến 6',
  importMissingFile: (file: string) => `Không tìm thấy tệp ${file}`,
  importReading: (file: string) => `Đang đọc ${file}…`,
  importValidating: 'Đang kiểm tra',
  importWriting: 'Đang ghi',
  importRowErrorsHeader: (count: number) => `Có ${count} lỗi, không ghi gì vào cơ sở dữ liệu:`,
  importDryRunOk: (count: number) => `Chạy thử (--dry-run): ${count} câu hỏi đều hợp lệ; không ghi gì vào cơ sở dữ liệu.`,
  importDone: (count: number, set: number, title: string, id: string) =>
    `Đã nhập ${count} câu hỏi vào bộ câu hỏi ${set} «${title}» (_id: ${id}).`,

  // A command-line tool's token on a running server (src-server/cli-token.ts)
  cliTokenRemote: 'Mã của công cụ dòng lệnh chỉ dùng được trên chính máy chạy máy chủ',
  cliTokenWrong: 'Mã của công cụ dòng lệnh không đúng (máy chủ vừa khởi động lại?); hãy chạy lại lệnh',
  cliTokenNoAdmin: 'Không có tài khoản quản trị nào đang hoạt động để đứng tên thao tác của dòng lệnh; hãy mở lại một tài khoản quản trị',

  // npm run user:create
  userCreateUsage:
    'Cách dùng: npm run user:create -- --username <tên> --role <admin|master|judge|team> --name "<họ tên>" [--password <mật khẩu>] [--team <mã đội>] [--event <mã hoặc tên cuộc thi>]',
  userCreateDone: (username: string, role: string, password: string | null) =>
    `Đã tạo người dùng ${username} (${role}).${password ? ` Mật khẩu: ${password}` : ''}`,
  userCreateFailed: (message: string) => `Tạo người dùng bị lỗi: ${message}`,

  // npm run export
  exportUsage: 'Cách dùng: npm run export -- --out <tệp .xlsx hoặc .csv> [--event <mã hoặc tên cuộc thi>]',
  exportDone: (teams: number, file: string) => `Đã xuất kết quả của ${teams} đội vào ${file}`,

  // npm run seed:demo (and the sample spreadsheet's generator)
  demoLoaded: 'Đã nạp sự kiện mẫu: đội thi, giám khảo, bộ câu hỏi, thể lệ và phiếu chấm.',
  demoLoginsHeader: 'Tài khoản của sự kiện mẫu (chỉ in một lần, hãy ghi lại):',
  demoLoginsKept: 'Các tài khoản mẫu đã có sẵn từ trước; mật khẩu không đổi.',
  sampleWritten: (file: string) => `Đã ghi ${file}`,
} as const;
