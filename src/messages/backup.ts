/** messages.backup: an event's one-file backup and its restore (the admin's download and upload, the command line). */
export const backupText = {
  // Why a file is refused; nothing is changed by a refused file.
  damaged: 'Tệp sao lưu bị hỏng hoặc không trọn vẹn (có thể tải về chưa xong hoặc đã bị sửa). Không có gì bị thay đổi.',
  foreign: 'Đây không phải tệp sao lưu cuộc thi của Hội thi. Không có gì bị thay đổi.',
  newerVersion: (version: number) =>
    `Tệp sao lưu này do một phiên bản Hội thi mới hơn tạo ra (định dạng ${version}). Hãy cập nhật phần mềm rồi khôi phục lại. Không có gì bị thay đổi.`,
  judgeAccountTaken: (username: string) =>
    `Tên đăng nhập «${username}» của một giám khảo trong tệp sao lưu đang là tài khoản không phải giám khảo. Hãy đổi tên tài khoản đó rồi khôi phục lại. Không có gì bị thay đổi.`,
  tooLarge: (megabytes: number) => `Tệp sao lưu quá lớn (tối đa ${megabytes} MB).`,
  eventNotFound: 'Không tìm thấy cuộc thi cần sao lưu',
  // The restored event's own log: what was done, and from which file.
  restoredSummary: 'Khôi phục cuộc thi từ tệp sao lưu',
  restoredFrom: (title: string, createdAt: string) => `«${title}», bản sao lưu lúc ${createdAt}`,

  // npm run event:backup and npm run event:restore
  backupUsage: 'Cách dùng: npm run event:backup -- [--event <mã hoặc tên cuộc thi>] [--out <tệp .hoithi>]',
  backupDone: (title: string, file: string) => `Đã sao lưu cuộc thi «${title}» vào ${file}`,
  restoreUsage: 'Cách dùng: npm run event:restore -- --file <tệp .hoithi>',
  restoreMissingFile: (file: string) => `Không tìm thấy tệp ${file}`,
  restoreDone: (title: string, id: string) =>
    `Đã khôi phục cuộc thi «${title}» (mã ${id}). Cuộc thi chưa được đưa lên sân khấu; tài khoản giám khảo hay ban tổ chức mà máy này chưa có đã được tạo ở trạng thái khóa, chưa có mật khẩu.`,
  failed: (message: string) => `Không thực hiện được: ${message}`,
} as const;
