/**
 * Writes scripts/samples/cau-hoi.xlsx: npx tsx scripts/samples/make-xlsx.ts
 * The sheet uses what people type in Excel: numbers, a formula, rich text and a line break in a cell.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { messages } from '../../src/messages';

const here = path.dirname(fileURLToPath(import.meta.url));

type Row = [content: ExcelJS.CellValue, options: string, answer: string, explanation: string, point: ExcelJS.CellValue, timeLimit: number, mediaUrl: string];

const rows: Row[] = [
  ['Năm 1831, vị vua nào đặt tên tỉnh Hà Nội?', 'Gia Long|Minh Mạng|Thiệu Trị|Tự Đức', 'Minh Mạng', 'Trong cuộc cải cách hành chính năm 1831, vua Minh Mạng lập tỉnh Hà Nội.', 10, 30, ''],
  ['Tên gọi «Hà Nội» có nghĩa là gì?', 'Phía trong sông|Thành của rồng|Đất trăm hồ|Kinh đô phía Bắc', 'Phía trong sông', 'Hà Nội (河內) nghĩa là vùng đất nằm phía trong các con sông.', 10, 20, ''],
  [
    { richText: [{ text: 'Cuộc chiến đấu của quân dân Hà Nội mở đầu Toàn quốc kháng chiến (từ ' }, { text: '19/12/1946', font: { bold: true } }, { text: ') kéo dài bao nhiêu ngày đêm?' }] },
    '12|30|60|90',
    '60',
    'Quân dân Thủ đô chiến đấu 60 ngày đêm, giam chân địch trong thành phố để cả nước chuẩn bị kháng chiến lâu dài.',
    { formula: '10*2', result: 20 },
    30,
    '',
  ],
  ['Chủ tịch Hồ Chí Minh đọc Tuyên ngôn Độc lập ngày 2/9/1945 tại đâu?', 'Quảng trường Ba Đình|Nhà hát Lớn|Vườn hoa Lý Thái Tổ|Quảng trường Đông Kinh Nghĩa Thục', 'Quảng trường Ba Đình', 'Tại vườn hoa Ba Đình (nay là Quảng trường Ba Đình), Bác Hồ đọc bản Tuyên ngôn khai sinh nước Việt Nam Dân chủ Cộng hòa.', 10, 20, ''],
  ['Lăng Chủ tịch Hồ Chí Minh được khánh thành năm nào?', '1969|1973|1975|1976', '1975', 'Lăng được khánh thành ngày 29/8/1975.', 10, 20, ''],
  ['Cốm, thức quà mùa thu của người Hà Nội, nổi tiếng nhất ở làng nào?', 'Làng Vòng|Làng Chuông|Làng Vạn Phúc|Làng Bát Tràng', 'Làng Vòng', 'Cốm làng Vòng (nay thuộc quận Cầu Giấy) được làm từ lúa nếp non.\nThạch Lam gọi cốm là «thức quà riêng biệt của đất nước».', 7.5, 20, ''],
  ['Làng lụa Vạn Phúc thuộc quận nào của Hà Nội?', 'Hà Đông|Cầu Giấy|Tây Hồ|Long Biên', 'Hà Đông', 'Lụa Vạn Phúc (lụa Hà Đông) đã đi vào thơ ca: «Nắng Sài Gòn anh đi mà chợt mát / Bởi vì em mặc áo lụa Hà Đông».', 10, 20, ''],
  ['Cột cờ Hà Nội được xây dựng dưới triều vua nào?', 'Gia Long|Minh Mạng|Lê Thánh Tông|Lý Thái Tổ', 'Gia Long', 'Cột cờ được xây từ năm 1805 đến năm 1812, thời vua Gia Long, cùng với thành Hà Nội.', 15, 30, ''],
];

const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Câu hỏi');
sheet.addRow(['content', 'options', 'answer', 'explanation', 'point', 'timeLimit', 'mediaUrl']).font = { bold: true };
for (const row of rows) sheet.addRow(row);
sheet.columns.forEach((column, i) => (column.width = [60, 50, 20, 70, 8, 10, 30][i]));
await workbook.xlsx.writeFile(path.join(here, 'cau-hoi.xlsx'));
console.log(messages.sampleWritten('cau-hoi.xlsx'));
