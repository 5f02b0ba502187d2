/** Reading a question file (.json, .csv, .xlsx): the import dialog on /user/fw-question…, the importFile procedure and `npm run import`. */
export const questionImportText = {
  /** What each column can be read as: the preview's labels and the headers an export writes. */
  importFields: {
    content: 'Câu hỏi',
    options: 'Các phương án (ngăn bằng |)',
    optionA: 'Phương án A',
    optionB: 'Phương án B',
    optionC: 'Phương án C',
    optionD: 'Phương án D',
    optionE: 'Phương án E',
    optionF: 'Phương án F',
    answer: 'Đáp án',
    explanation: 'Giải thích',
    point: 'Điểm',
    timeLimit: 'Thời gian (giây)',
    mediaUrl: 'Hình ảnh',
  },
  importRowError: (row: number, field: string, message: string) => `dòng ${row}: ${field}: ${message}`,
  importFailed: (count: number, listed: string[]) =>
    `Tệp có ${count} lỗi, chưa ghi gì vào cơ sở dữ liệu. ${listed.join('; ')}${count > listed.length ? `; và ${count - listed.length} lỗi khác` : ''}`,
  importUnknownExtension: 'Chỉ nhận tệp .json, .csv hoặc .xlsx',
  importFileTooLarge: (mb: number) => `Tệp quá lớn (tối đa ${mb} MB)`,
  importNoQuestions: 'Tệp không có câu hỏi nào',
  importTooManyQuestions: (max: number) => `Một bộ câu hỏi có tối đa ${max} câu`,
  importNotUtf8: 'Tệp CSV phải được lưu với bảng mã UTF-8 (trong Excel: «CSV UTF-8»)',
  importUnclosedQuote: (row: number) => `dòng ${row}: thiếu dấu ngoặc kép đóng`,
  importUnknownColumn: (name: string) =>
    `Cột không hợp lệ: «${name}». Các cột được dùng: content, options, answer, explanation, point, timeLimit, mediaUrl`,
  importDuplicateColumn: (name: string) => `Cột «${name}» xuất hiện hai lần`,
  importUnnamedColumn: (n: number) => `Cột thứ ${n} có dữ liệu nhưng chưa có tên ở dòng tiêu đề`,
  importMissingContent: 'Thiếu cột content (nội dung câu hỏi)',
  importBadJson: 'Tệp JSON không hợp lệ',
  importBadJsonShape: 'Tệp JSON phải là một danh sách câu hỏi hoặc {"title": …, "items": […]}',
  importItemNotObject: 'mỗi câu hỏi phải là một đối tượng JSON',
  importBadXlsx: 'Không đọc được tệp Excel (.xlsx)',
  importNotANumber: 'phải là một số (ví dụ 10 hoặc 7,5)',
  importUnknownMediaKind:
    'không đoán được loại tệp từ đuôi tên (ảnh: jpg, jpeg, png, gif, webp; âm thanh: mp3, wav, ogg, m4a; video: mp4, webm, mov)',
  // A Word file's questions (src-server/features/questionSet/import/docx.ts).
  docxUnreadable:
    'Không đọc được tệp Word: tệp không phải .docx hợp lệ (bị hỏng hoặc chỉ được đổi đuôi tên); hãy mở tệp trong Word hoặc LibreOffice, chọn «Lưu thành» .docx rồi nhập lại',
  docxNoContent: 'câu hỏi không có nội dung',
  docxOutsideQuestion: (line: string) => `«${line}» đứng trước câu hỏi đầu tiên; mỗi câu bắt đầu bằng «Câu 1:», «Câu 2:»…`,
  docxSecondKey: (line: string) => `câu hỏi đã có đáp án, lại thêm dòng «${line}»`,
  docxOptionOutOfOrder: (letter: string, expected: string) => `phương án ${letter} đứng ở chỗ của phương án ${expected}`,
  docxStrayLine: (line: string) =>
    `không rõ dòng «${line}» thuộc phần nào: phương án bắt đầu bằng «A.», «B.»…, đáp án bằng «Đáp án:», giải thích bằng «Giải thích:»`,
  docxImageUnsupported:
    'có hình không phải ảnh PNG, JPEG, GIF hay WebP (ví dụ hình vẽ hoặc công thức của Word); hãy chèn hình đó dưới dạng ảnh',
} as const;
