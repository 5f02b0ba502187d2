/**
 * A Word file of questions through the import call, on both databases: the same preview as a
 * spreadsheet (questions, errors by question number), the key as "Đáp án: B" or as the bold option,
 * and a picture inside a question stored as that question's media, served at its address.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { testAppForFile } from '../helpers/app-for-file';
import { bold, docxFile, PNG, p, picture } from '../helpers/docx-file';

const t = testAppForFile({ staff: ['admin'] });

const file = (fileName: string, bytes: Uint8Array) => ({ fileName, dataBase64: Buffer.from(bytes).toString('base64') });

async function teacherDocx(): Promise<Uint8Array> {
  return docxFile([
    p('ĐỀ THI KHỞI ĐỘNG'),
    p('Câu 1: Thủ đô của Việt Nam là thành phố nào?'),
    p('A. Huế'),
    p('B. Hà Nội'),
    p('C. Đà Nẵng'),
    p('D. Cần Thơ'),
    p('Đáp án: B'),
    p('Giải thích: Hà Nội là thủ đô từ năm 1945.'),
    p('Câu 2. Hồ nào nằm giữa trung tâm Hà Nội?'),
    p('A. Hồ Tây\tB. ', bold('Hồ Gươm'), '\tC. Hồ Trúc Bạch\tD. Hồ Thiền Quang'),
    p('Câu 3: Ảnh dưới đây chụp công trình nào?'),
    p(picture()),
    p('A. Chùa Một Cột'),
    p('B. Văn Miếu'),
    p('Đáp án: A'),
    p('Câu 4: Sông nào chảy qua Hà Nội?'),
    p('A. Sông Hồng'),
    p('B. Sông Hương'),
    p('Đáp án: E'),
  ]);
}

describe('a Word file of questions', () => {
  it('previews its numbered questions, names a bad key by its question number, and writes nothing until it is right', async () => {
    const bytes = await teacherDocx();
    const preview = await t.callers.admin.questionSet.importFile({ set: 1, mode: 'preview', ...file('de-thi.docx', bytes) });
    expect(preview.title).toBe('ĐỀ THI KHỞI ĐỘNG');
    expect(preview.items.map((q) => [q.content, q.answer])).toEqual([
      ['Thủ đô của Việt Nam là thành phố nào?', 'Hà Nội'],
      ['Hồ nào nằm giữa trung tâm Hà Nội?', 'Hồ Gươm'],
      ['Ảnh dưới đây chụp công trình nào?', 'Chùa Một Cột'],
    ]);
    expect(preview.items[0]!.explanation).toBe('Hà Nội là thủ đô từ năm 1945.');
    expect(preview.errors.map((e) => messages.importErrorLine(e))).toEqual([
      'câu 4, Đáp án: đáp án «E» nhưng câu này chỉ có phương án A–B',
    ]);
    await expect(t.callers.admin.questionSet.importFile({ set: 1, mode: 'create', ...file('de-thi.docx', bytes) })).rejects.toThrow(
      /Tệp có 1 lỗi, chưa ghi gì/,
    );
    expect((await t.callers.admin.questionSet.adminList({ set: 1 })).items).toEqual([]);
  });

  it('stores a picture inside a question as its media', async () => {
    const bytes = await docxFile([
      p('Câu 1: Ảnh dưới đây chụp công trình nào?'),
      p(picture()),
      p('A. Chùa Một Cột'),
      p('B. Văn Miếu'),
      p('Đáp án: B'),
    ]);
    const { item } = await t.callers.admin.questionSet.importFile({ set: 2, mode: 'create', ...file('anh.docx', bytes) });
    const question = item!.items[0]!;
    expect(question).toMatchObject({ answer: 'Văn Miếu', media: { kind: 'image', url: expect.stringMatching(/^\/media\//) } });
    const served = await t.request('GET', question.media!.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(PNG));
  });

  it('refuses what is not a Word file with a clear message', async () => {
    await expect(
      t.callers.admin.questionSet.importFile({
        set: 2,
        mode: 'preview',
        ...file('hong.docx', new TextEncoder().encode('không phải Word')),
      }),
    ).rejects.toThrow(messages.docxUnreadable);
  });
});
