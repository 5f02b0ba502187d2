/**
 * A Word file of questions, as teachers write them, read by the .docx reader: the files are built
 * with the `docx` package (tests/helpers/docx-file.ts) and read back through mammoth, so each test is a real .docx.
 */
import { HeadingLevel, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { readDocxQuestions } from '../../src-server/features/questionSet/import/docx';
import { bold, docxFile, PNG, p, picture, underlined } from '../helpers/docx-file';

const read = async (children: (Paragraph | Table)[]) => readDocxQuestions(await docxFile(children));

/** A question as read, with the fields a test does not name at their empty values. */
const question = (fields: Record<string, unknown>) => ({
  content: '',
  options: [],
  answer: '',
  markedOption: -1,
  explanation: '',
  images: [],
  ...fields,
});

describe('readDocxQuestions', () => {
  it('reads "Câu 1.", "Câu 2:" and "Câu 3 (20 điểm):" questions with their options, keys, explanations, points and times', async () => {
    const read1 = await read([
      new Paragraph({ text: 'Đề thi Rung chuông vàng — Lịch sử Việt Nam', heading: HeadingLevel.HEADING_1 }),
      p('Câu 1. Thủ đô của nước Việt Nam là thành phố nào?'),
      p('A. Hà Nội'),
      p('B) Huế'),
      p('c. Đà Nẵng'),
      p('D: Thành phố Hồ Chí Minh'),
      p('Đáp án: A'),
      p('Giải thích: Hà Nội là thủ đô từ năm 1010,'),
      p('khi Lý Thái Tổ dời đô từ Hoa Lư.'),
      p('Câu 2: Sông nào dài nhất chảy qua lãnh thổ Việt Nam?'),
      p('A. Sông Hồng\tB. Sông Đà\tC. Sông Mê Kông\tD. Sông Đồng Nai'),
      p('Đáp án đúng: Phương án C'),
      p('Thời gian: 30 giây'),
      p('Điểm: 15'),
      p('Câu 3 (20 điểm): Vị vua cuối cùng của triều Nguyễn là ai?'),
      p('A. Gia Long    B. Bảo Đại'),
      p('C. Tự Đức      D. Minh Mạng'),
      p('ĐA: Bảo Đại'),
      p('(45 giây)'),
      p('Lời giải: Vua Bảo Đại thoái vị năm 1945.'),
    ]);
    expect(read1).toEqual({
      title: 'Đề thi Rung chuông vàng — Lịch sử Việt Nam',
      problems: [],
      questions: [
        question({
          number: 1,
          content: 'Thủ đô của nước Việt Nam là thành phố nào?',
          options: ['Hà Nội', 'Huế', 'Đà Nẵng', 'Thành phố Hồ Chí Minh'],
          answer: 'A',
          explanation: 'Hà Nội là thủ đô từ năm 1010,\nkhi Lý Thái Tổ dời đô từ Hoa Lư.',
        }),
        question({
          number: 2,
          content: 'Sông nào dài nhất chảy qua lãnh thổ Việt Nam?',
          options: ['Sông Hồng', 'Sông Đà', 'Sông Mê Kông', 'Sông Đồng Nai'],
          answer: 'Phương án C',
          timeLimit: 30,
          point: 15,
        }),
        question({
          number: 3,
          content: 'Vị vua cuối cùng của triều Nguyễn là ai?',
          options: ['Gia Long', 'Bảo Đại', 'Tự Đức', 'Minh Mạng'],
          answer: 'Bảo Đại',
          point: 20,
          timeLimit: 45,
          explanation: 'Vua Bảo Đại thoái vị năm 1945.',
        }),
      ],
    });
  });

  it('reads questions numbered "1." and "2)", a question over several paragraphs and one with a free answer', async () => {
    const read1 = await read([
      p('1. Cho đoạn thơ:'),
      p('«Thuyền về có nhớ bến chăng»'),
      p('Tác giả của câu thơ là ai?'),
      p('A. Nguyễn Du'),
      p('B. Nguyễn Bính'),
      p('Đáp án B'),
      p('2) Năm Điện Biên Phủ toàn thắng?'),
      p('Đáp án: 1954'),
    ]);
    expect(read1).toEqual({
      problems: [],
      questions: [
        question({
          number: 1,
          content: 'Cho đoạn thơ:\n«Thuyền về có nhớ bến chăng»\nTác giả của câu thơ là ai?',
          options: ['Nguyễn Du', 'Nguyễn Bính'],
          answer: 'B',
        }),
        question({ number: 2, content: 'Năm Điện Biên Phủ toàn thắng?', answer: '1954' }),
      ],
    });
  });

  it('reads the key from the one option in bold or underlined, or with its letter alone in bold', async () => {
    const read1 = await read([
      p('Câu 1: Con vật nào là biểu tượng của Thăng Long?'),
      p('A. Rùa'),
      p(bold('B. Rồng')),
      p('C. Phượng'),
      p('Câu 2: Ai viết «Truyện Kiều»?'),
      p('A. Hồ Xuân Hương', '\t', underlined('B. Nguyễn Du'), '\tC. Nguyễn Trãi'),
      p('Câu 3: Đỉnh núi cao nhất Việt Nam?'),
      p('A. Bà Đen'),
      p(bold('B.'), ' Fansipan ', bold('(3143 m)')),
      p('C. Phu ', bold('Si'), ' Lung'),
      p('Câu 4: Tất cả các phương án đều in đậm thì không phương án nào được chọn?'),
      p(bold('A. Đúng')),
      p(bold('B. Sai')),
    ]);
    expect(read1.problems).toEqual([]);
    expect(read1.questions.map((q) => [q.number, q.options, q.markedOption, q.answer])).toEqual([
      [1, ['Rùa', 'Rồng', 'Phượng'], 1, ''],
      [2, ['Hồ Xuân Hương', 'Nguyễn Du', 'Nguyễn Trãi'], 1, ''],
      [3, ['Bà Đen', 'Fansipan (3143 m)', 'Phu Si Lung'], 1, ''],
      [4, ['Đúng', 'Sai'], -1, ''],
    ]);
  });

  it("reads Word's own numbering: each numbered item is a question, its sub-items are options", async () => {
    const item = (text: string | TextRun, level: number) =>
      new Paragraph({ children: [typeof text === 'string' ? new TextRun(text) : text], numbering: { reference: 'questions', level } });
    const read1 = await read([
      p('Ôn tập Địa lý lớp 5'),
      item('Hồ nước ngọt lớn nhất Việt Nam?', 0),
      item('Hồ Tây', 1),
      item(underlined('Hồ Ba Bể'), 1),
      item('Quần đảo nào thuộc tỉnh Khánh Hòa?', 0),
      item('Hoàng Sa', 1),
      item('Trường Sa', 1),
      p('Đáp án: B'),
    ]);
    expect(read1).toEqual({
      title: 'Ôn tập Địa lý lớp 5',
      problems: [],
      questions: [
        question({ number: 1, content: 'Hồ nước ngọt lớn nhất Việt Nam?', options: ['Hồ Tây', 'Hồ Ba Bể'], markedOption: 1 }),
        question({ number: 2, content: 'Quần đảo nào thuộc tỉnh Khánh Hòa?', options: ['Hoàng Sa', 'Trường Sa'], answer: 'B' }),
      ],
    });
  });

  it('reads options laid out in a table and lines split by line breaks', async () => {
    const cell = (text: string) => new TableCell({ children: [p(text)] });
    const read1 = await read([
      p('Câu 1: Món nào là đặc sản của Huế?', new TextRun({ text: 'A. Bún bò', break: 1 }), new TextRun({ text: 'B. Phở cuốn', break: 1 })),
      p('Câu 2: Chợ nổi Cái Răng ở đâu?'),
      new Table({
        rows: [
          new TableRow({ children: [cell('A. Cần Thơ'), cell('B. Sóc Trăng')] }),
          new TableRow({ children: [cell('C. An Giang'), cell('D. Cà Mau')] }),
        ],
      }),
      p('Đáp án: A'),
    ]);
    expect(read1.problems).toEqual([]);
    expect(read1.questions.map((q) => [q.content, q.options, q.answer])).toEqual([
      ['Món nào là đặc sản của Huế?', ['Bún bò', 'Phở cuốn'], ''],
      ['Chợ nổi Cái Răng ở đâu?', ['Cần Thơ', 'Sóc Trăng', 'An Giang', 'Cà Mau'], 'A'],
    ]);
  });

  it('keeps a picture inside the question as an image/png with its bytes, but not one in the explanation', async () => {
    const read1 = await read([
      p('Câu 1: Đây là lá cờ của nước nào?'),
      p(picture()),
      p('A. Việt Nam'),
      p('B. Trung Quốc'),
      p('Đáp án: A'),
      p('Giải thích: cờ đỏ sao vàng.', picture()),
      p('Câu 2: Câu này không có hình.'),
    ]);
    expect(read1.problems).toEqual([]);
    expect(read1.questions.map((q) => q.images)).toEqual([[{ contentType: 'image/png', bytes: PNG }], []]);
    expect(read1.questions[0]!.content).toBe('Đây là lá cờ của nước nào?');
  });

  it('lists a question without text, a key before the first question, a stray line, a second key and options out of order by their numbers', async () => {
    const read1 = await read([
      p('Đề kiểm tra'),
      p('Đáp án: C'),
      p('Câu 1: Hai cộng hai bằng mấy?'),
      p('A. Ba'),
      p('C. Bốn'),
      p('Câu hỏi này thiếu chữ cái'),
      p('Đáp án: B'),
      p('Đáp án: C'),
      p('Câu 2:'),
      p('A. Không có câu hỏi'),
      p('Câu 3: Câu hợp lệ?'),
    ]);
    expect(read1.problems).toEqual([
      { number: 0, message: messages.docxOutsideQuestion('Đáp án: C') },
      { number: 1, message: messages.docxOptionOutOfOrder('C', 'B') },
      { number: 1, message: messages.docxStrayLine('Câu hỏi này thiếu chữ cái') },
      { number: 1, message: messages.docxSecondKey('Đáp án: C') },
      { number: 2, message: messages.docxNoContent },
    ]);
    expect(read1.title).toBe('Đề kiểm tra');
    expect(read1.questions.map((q) => [q.number, q.content, q.options, q.answer])).toEqual([
      [1, 'Hai cộng hai bằng mấy?', ['Ba', 'Bốn'], 'B'],
      [3, 'Câu hợp lệ?', [], ''],
    ]);
  });

  it('normalises decomposed Vietnamese text to NFC', async () => {
    const decomposed = 'Câu 1: Thủ đô là gì?'.normalize('NFD');
    const read1 = await read([p(decomposed), p('A. Hà Nội'.normalize('NFD')), p('Đáp án: Hà Nội'.normalize('NFD'))]);
    expect(read1.questions[0]).toMatchObject({ content: 'Thủ đô là gì?', options: ['Hà Nội'], answer: 'Hà Nội' });
  });

  it('refuses a file that is not a Word document with a Vietnamese message about the file', async () => {
    const whole = await docxFile([p('Câu 1: Một câu hỏi?')]);
    for (const broken of [
      new TextEncoder().encode('Câu 1: đây là văn bản thường, không phải .docx'),
      whole.slice(0, whole.length / 2),
      new Uint8Array(),
    ]) {
      await expect(readDocxQuestions(broken)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: messages.docxUnreadable,
        field: 'file',
      });
    }
  });
});
