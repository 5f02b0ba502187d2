/**
 * Word files for tests, built with the `docx` package as Word would save them: paragraphs with bold or
 * underlined runs, pictures, tables, and Word's own numbering ("questions": "Câu 1." at level 0,
 * "A." at level 1). Also a PNG built byte by byte, to put in them.
 */
import zlib from 'node:zlib';
import { AlignmentType, Document, ImageRun, LevelFormat, Packer, Paragraph, type ParagraphChild, type Table, TextRun } from 'docx';

/** A 1 × 1 red PNG: the signature, then IHDR, IDAT (one filtered RGB pixel, deflated) and IEND chunks. */
function onePixelPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  // Width 1, height 1, 8 bits per channel, colour type 2 (RGB), default compression, filter and interlace.
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
}
export const PNG = onePixelPng();

/** A paragraph of runs; a string is a plain run. */
export const p = (...runs: (string | ParagraphChild)[]) =>
  new Paragraph({ children: runs.map((run) => (typeof run === 'string' ? new TextRun(run) : run)) });
export const bold = (text: string) => new TextRun({ text, bold: true });
export const underlined = (text: string) => new TextRun({ text, underline: {} });
/** The PNG, as a picture in the text. */
export const picture = () => new ImageRun({ type: 'png', data: PNG, transformation: { width: 40, height: 40 } });

/** A .docx of these paragraphs and tables. */
export async function docxFile(children: (Paragraph | Table)[]): Promise<Uint8Array> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: 'questions',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: 'Câu %1.', alignment: AlignmentType.LEFT },
            { level: 1, format: LevelFormat.UPPER_LETTER, text: '%2.', alignment: AlignmentType.LEFT },
          ],
        },
      ],
    },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
