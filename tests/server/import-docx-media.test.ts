/**
 * A picture inside a Word file's question becomes the question's media: stored as an uploaded image
 * and served at its address with the bytes the teacher put in the file.
 */
import { describe, expect, it } from 'vitest';
import { readDocxQuestions, storeDocxImages } from '../../src-server/features/questionSet/import/docx';
import { testAppForFile } from '../helpers/app-for-file';
import { docxFile, PNG, p, picture } from '../helpers/docx-file';

const t = testAppForFile();

describe('storeDocxImages', () => {
  it("stores a question's picture as an image served at its /media address, byte for byte", async () => {
    const read = await readDocxQuestions(
      await docxFile([
        p('Câu 1: Lá cờ trong hình là của nước nào?'),
        p(picture()),
        p('A. Việt Nam'),
        p('B. Lào'),
        p('Đáp án: A'),
        p('Câu 2: Câu này không có hình?'),
      ]),
    );
    const [withPicture, without] = read.questions;

    const media = await storeDocxImages(t.deps.db, withPicture!.images, 'de-thi.docx');
    expect(media).toEqual({ kind: 'image', url: expect.stringMatching(/^\/media\/[^/]+$/) });
    const res = await t.request('GET', media!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);

    expect(await storeDocxImages(t.deps.db, without!.images, 'de-thi.docx')).toBeNull();
  });
});
