/**
 * The heavy libraries, loaded on first use: the spreadsheet writer and reader (exceljs), the picture
 * library (sharp), Word files (mammoth), PDF (pdf-lib and fontkit) and file-type sniffing. Together
 * they hold about 140 MB of a server that never exports, imports or uploads anything on a night; a
 * laptop running the console and the projector's browsers beside it keeps that memory. Each loads
 * once, the first time a request needs it.
 */
import { loadOnce as once } from '../src/loadOnce';

export const loadExcel = once(async () => (await import('exceljs')).default);
export const loadSharp = once(async () => (await import('sharp')).default);
export const loadMammoth = once(async () => (await import('mammoth')).default);
export const loadPdf = once(async () => {
  const [pdfLib, fontkit] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  return { ...pdfLib, fontkit: fontkit.default };
});
export const loadFileType = once(async () => (await import('file-type')).fileTypeFromBuffer);
