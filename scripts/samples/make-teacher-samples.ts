/**
 * Writes the samples kept the way teachers keep questions: npx tsx scripts/samples/make-teacher-samples.ts
 * - de-thi-giao-vien.xlsx: Vietnamese headers, an STT column, one column per option, letter answers,
 *   a sheet per round ("Khởi động", "Tăng tốc") and their formats on a "Thể thức" sheet;
 * - de-thi-giao-vien.docx: numbered questions, options on their own lines or on one line, the key as
 *   "Đáp án: B" or as the bold option, an explanation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { messages } from '../../src/messages';

const here = path.dirname(fileURLToPath(import.meta.url));

const warmUp = [
  [1, 'Hồ Gươm còn có tên gọi nào khác?', 'Hồ Tây', 'Hồ Hoàn Kiếm', 'Hồ Trúc Bạch', 'Hồ Thiền Quang', 'B', 10, 20],
  [2, 'Văn Miếu được xây dựng dưới triều vua nào?', 'Lý Thánh Tông', 'Lý Thái Tổ', 'Trần Nhân Tông', 'Lê Thánh Tông', 'A', 10, 20],
  [3, 'Cầu Long Biên bắc qua sông nào?', 'Sông Đuống', 'Sông Tô Lịch', 'Sông Hồng', 'Sông Đáy', 'C', 10, 20],
  [4, 'Làng gốm nổi tiếng nhất Hà Nội là làng nào?', 'Vạn Phúc', 'Bát Tràng', 'Làng Vòng', 'Ngũ Xã', 'B', 10, 20],
];
const speed = [
  [1, 'Năm nào Lý Công Uẩn dời đô ra Thăng Long?', '1010', 40],
  [2, 'Thủ đô Hà Nội được UNESCO vinh danh «Thành phố vì hoà bình» năm nào?', '1999', 40],
];

const workbook = new ExcelJS.Workbook();
const first = workbook.addWorksheet('Khởi động');
first.addRow(['STT', 'Câu hỏi', 'Phương án A', 'Phương án B', 'Phương án C', 'Phương án D', 'Đáp án', 'Điểm', 'Thời gian (giây)']).font = { bold: true };
for (const row of warmUp) first.addRow(row);
first.columns.forEach((column, i) => (column.width = [6, 50, 18, 18, 18, 18, 8, 8, 16][i]));
const second = workbook.addWorksheet('Tăng tốc');
second.addRow(['STT', 'Câu hỏi', 'Đáp án', 'Thời gian (giây)']).font = { bold: true };
for (const row of speed) second.addRow(row);
second.columns.forEach((column, i) => (column.width = [6, 60, 12, 16][i]));
const format = workbook.addWorksheet('Thể thức');
format.addRow(['Mục', 'Khởi động', 'Tăng tốc']).font = { bold: true };
format.addRow(['Thể thức', 'Thông thường', 'Tăng tốc']);
format.columns.forEach((column) => (column.width = 20));
await workbook.xlsx.writeFile(path.join(here, 'de-thi-giao-vien.xlsx'));
console.log(messages.sampleWritten('de-thi-giao-vien.xlsx'));

const line = (...runs: (string | TextRun)[]) => new Paragraph({ children: runs.map((r) => (typeof r === 'string' ? new TextRun(r) : r)) });
const document = new Document({
  sections: [
    {
      children: [
        line('ĐỀ THI VÒNG KHỞI ĐỘNG'),
        line('Câu 1: Hồ Gươm còn có tên gọi nào khác?'),
        line('A. Hồ Tây'),
        line('B. Hồ Hoàn Kiếm'),
        line('C. Hồ Trúc Bạch'),
        line('D. Hồ Thiền Quang'),
        line('Đáp án: B'),
        line('Giải thích: Tên Hoàn Kiếm gắn với truyền thuyết vua Lê Lợi trả gươm cho Rùa Vàng.'),
        line('Câu 2: Cầu Long Biên bắc qua sông nào?'),
        line('A. Sông Đuống\tB. Sông Tô Lịch\tC. ', new TextRun({ text: 'Sông Hồng', bold: true }), '\tD. Sông Đáy'),
        line('Câu 3: Làng gốm nổi tiếng nhất Hà Nội là làng nào?'),
        line('A. Vạn Phúc'),
        line('B. Bát Tràng'),
        line('Đáp án: B'),
      ],
    },
  ],
});
fs.writeFileSync(path.join(here, 'de-thi-giao-vien.docx'), await Packer.toBuffer(document));
console.log(messages.sampleWritten('de-thi-giao-vien.docx'));
