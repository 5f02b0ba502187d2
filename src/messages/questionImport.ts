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
    optionG: 'Phương án G',
    optionH: 'Phương án H',
    optionI: 'Phương án I',
    optionJ: 'Phương án J',
    answer: 'Đáp án',
    explanation: 'Giải thích',
    point: 'Điểm',
    timeLimit: 'Thời gian (giây)',
    mediaUrl: 'Hình ảnh',
  },
  /** One problem, as every screen and the command line word it: "dòng 7, Đáp án: …", "câu 3, …", "«Vòng 2», dòng 4, …". */
  importErrorLine: (error: { sheet?: string; unit?: 'row' | 'question'; row: number; field: string; message: string }) =>
    `${error.sheet ? `«${error.sheet}», ` : ''}${error.row > 0 ? `${error.unit === 'question' ? 'câu' : 'dòng'} ${error.row}${error.field ? `, ${error.field}` : ''}: ` : ''}${error.message}`,
  importFailed: (count: number, listed: string[]) =>
    `Tệp có ${count} lỗi, chưa ghi gì vào cơ sở dữ liệu. ${listed.join('; ')}${count > listed.length ? `; và ${count - listed.length} lỗi khác` : ''}`,
  importUnknownExtension: 'Chỉ nhận tệp .xlsx, .csv, .docx hoặc .json',
  importOldExcel: 'Tệp .xls là định dạng Excel cũ: hãy mở tệp trong Excel hoặc LibreOffice, chọn «Lưu thành» .xlsx rồi nhập lại',
  importOldWord: 'Tệp .doc là định dạng Word cũ: hãy mở tệp trong Word hoặc LibreOffice, chọn «Lưu thành» .docx rồi nhập lại',
  importFileTooLarge: (mb: number) => `Tệp quá lớn (tối đa ${mb} MB)`,
  importNoQuestions: 'Tệp không có câu hỏi nào',
  importTooManyQuestions: (max: number) => `Một bộ câu hỏi có tối đa ${max} câu`,
  importUnclosedQuote: (row: number) => `dòng ${row}: thiếu dấu ngoặc kép đóng`,
  importDuplicateColumn: (name: string, first: string) =>
    `cột «${name}» trùng ý nghĩa với cột «${first}» nên bị bỏ qua; hãy xoá hoặc đổi tên một cột`,
  importUnnamedHeader: (n: number) => `Cột ${n} (không tên)`,
  importMissingContent: 'không có cột nội dung câu hỏi (ví dụ «Câu hỏi» hoặc «Nội dung»); hãy chọn cột nào là câu hỏi',
  importAnswerLetterMissing: (letter: string, last: string) => `đáp án «${letter}» nhưng câu này chỉ có phương án A–${last}`,
  importAnswerNoMatch: (answer: string, last: string) =>
    `«${answer}» không trùng với phương án nào và không phải chữ cái A–${last}; hãy ghi chữ cái hoặc chép đúng nội dung phương án`,
  importUnknownUpload: 'không có tệp tải lên nào như vậy trong cuộc thi này (hãy tải ảnh lên lại hoặc dùng đường dẫn có đuôi tệp)',
  /** The action log's line for an import. */
  importAction: (fileName: string, parts: string[]) => `Nhập câu hỏi từ tệp «${fileName}»: ${parts.join('; ')}`,
  importActionModes: { create: 'vào bộ mới', append: 'thêm vào bộ', replace: 'thay toàn bộ câu hỏi của bộ' },
  importActionPart: (count: number, how: string, title: string, set: number) => `${count} câu ${how} «${title}» (phần thi ${set})`,
  importNoSuchSheet: (n: number) => `Tệp không có trang thứ ${n}`,
  importTargetMissing: 'Hãy chọn bộ câu hỏi để thêm vào hoặc thay thế',
  importBadJson: 'Tệp JSON không hợp lệ',
  importBadJsonShape: 'Tệp JSON phải là một danh sách câu hỏi hoặc {"title": …, "items": […]}',
  importItemNotObject: 'mỗi câu hỏi phải là một đối tượng JSON',
  importBadXlsx: 'Không đọc được tệp Excel (.xlsx)',
  importNotANumber: 'phải là một số (ví dụ 10 hoặc 7,5)',
  importUnknownMediaKind:
    'không đoán được loại tệp từ đuôi tên (ảnh: jpg, jpeg, png, gif, webp; âm thanh: mp3, wav, ogg, m4a; video: mp4, webm, mov)',
  // The "Thể thức" sheet of a workbook (each round's format) and the export of a set to .xlsx.
  formatSheet: {
    itemHeader: 'Mục',
    /** The one value column of a workbook exported from one set. */
    valueHeader: 'Giá trị',
    kindRow: 'Thể thức',
    tieBreak: 'Bộ câu hỏi phụ (phân định đồng điểm)',
    yes: 'Có',
    no: 'Không',
    notYesNo: 'phải là «Có» hoặc «Không»',
    notAList: 'phải là các số cách nhau bằng dấu chấm phẩy (ví dụ 40; 30; 20; 10)',
    notPackages:
      'phải là các gói cách nhau bằng dấu chấm phẩy, mỗi gói gồm các mức điểm nguyên dương cách nhau bằng dấu cách (ví dụ 20 20 20; 20 20 30)',
    unknownKind: (text: string, kinds: string) => `«${text}» không phải một thể thức; hãy ghi một trong: ${kinds}`,
    missingKind: 'chưa ghi thể thức của vòng thi ở dòng «Thể thức» nên các mục khác của cột này không dùng được',
    unknownColumn: (header: string, sheets: string) =>
      `cột «${header}» không trùng tên trang câu hỏi nào của tệp${sheets ? ` (${sheets})` : ''}`,
    sameSheetTwice: (first: string) => `cột này chỉ cùng trang câu hỏi với cột «${first}»`,
    duplicateRow: (row: number) => `mục này đã có ở dòng ${row}`,
    fieldOf: (label: string, column: string) => `${label} («${column}»)`,
  },
  exportXlsx: 'Xuất ra Excel',
  exportUnsaved: 'Tệp Excel là bản đã lưu: hãy lưu các thay đổi trước khi xuất',
  exportRowNumber: 'STT',
  exportBadSet: 'Phần thi phải là một số từ 1 đến 6',
  /** A downloaded set's file name when its title has no letter that fits a plain file name. */
  exportFallbackName: 'bo-cau-hoi',
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
