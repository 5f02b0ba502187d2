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
  importUsage: [
    'Cách dùng: npm run import -- --set <1..6> --file <tệp .json|.csv|.xlsx|.docx> [--title <tên bộ câu hỏi>] [--dry-run] [--event <mã hoặc tên cuộc thi>]',
    '  --append <mã bộ câu hỏi>   thêm các câu hỏi vào bộ đã có của phần thi --set',
    '  --replace <mã bộ câu hỏi>  thay toàn bộ câu hỏi của bộ đó',
    '  --sheets "1:2,2:3"         tệp Excel nhiều trang tính: trang 1 thành bộ mới của phần thi 2, trang 2 của phần thi 3',
    '  --dry-run                  chỉ kiểm tra tệp, không ghi gì',
  ].join('\n'),
  importBadSet: 'Tham số --set phải là một số từ 1 đến 6',
  importMissingFile: (file: string) => `Không tìm thấy tệp ${file}`,
  importReading: (file: string) => `Đang đọc ${file}…`,
  importValidating: 'Đang kiểm tra',
  importWriting: 'Đang ghi',
  importRowErrorsHeader: (count: number) => `Có ${count} lỗi, không ghi gì vào cơ sở dữ liệu:`,
  importDryRunOk: (count: number) => `Chạy thử (--dry-run): ${count} câu hỏi đều hợp lệ; không ghi gì vào cơ sở dữ liệu.`,
  importDone: (count: number, set: number, title: string, id: string) =>
    `Đã nhập ${count} câu hỏi vào bộ câu hỏi ${set} «${title}» (_id: ${id}).`,

  // npm run import beside a running server (server.json and its token: src-server/cli-token.ts)
  importBadSheets: 'Tham số --sheets có dạng "1:2,2:3" (trang tính 1 vào phần thi 2, trang tính 2 vào phần thi 3; phần thi từ 1 đến 6)',
  importBadTarget: 'Chỉ dùng một trong --append, --replace hoặc --sheets; --append và --replace cần mã bộ câu hỏi',
  importAppended: (count: number, set: number, title: string, id: string) =>
    `Đã thêm ${count} câu hỏi vào bộ câu hỏi ${set} «${title}» (_id: ${id}).`,
  importReplaced: (count: number, set: number, title: string, id: string) =>
    `Đã thay các câu hỏi của bộ câu hỏi ${set} «${title}» bằng ${count} câu (_id: ${id}).`,
  importIgnoredColumns: (headers: string[], sheet: string | null) =>
    `${sheet ? `«${sheet}»: bỏ qua` : 'Bỏ qua'} ${headers.length} cột không dùng: ${headers.map((h) => `«${h}»`).join(', ')}`,
  importThroughServer: (pid: number, event: string) =>
    `Máy chủ (tiến trình ${pid}) đang chạy: nhập qua máy chủ, vào cuộc thi đang diễn ra «${event}».`,
  cliServerUnusable: (pid: number, dir: string, why: string) =>
    `Tiến trình ${pid} đang giữ thư mục dữ liệu ${dir} và lệnh không làm việc qua nó được: ${why}. Nếu đó là máy chủ, hãy khởi động lại nó, hoặc dừng nó rồi chạy lại lệnh này; chưa có gì bị thay đổi.`,
  cliNoServerFile: (file: string) => `tiến trình đó không ghi tệp ${file} (một lệnh khác đang chạy, hoặc máy chủ phiên bản cũ)`,
  cliServerSilent: (url: string) => `máy chủ không trả lời tại ${url}`,
  cliServerOtherEvent: (wanted: string, onStage: string, pid: number) =>
    `Máy chủ (tiến trình ${pid}) đang chạy cuộc thi «${onStage}»; qua máy chủ, lệnh chỉ làm việc với cuộc thi đang diễn ra, không phải «${wanted}». Hãy đưa «${wanted}» lên sân khấu trên trang quản trị, hoặc dừng máy chủ rồi chạy lại lệnh; chưa có gì bị thay đổi.`,
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
