/**
 * The certificates as one PDF (GET /api/certificates.pdf): the pages the browser prints
 * (src/certificateLayout.ts), drawn with pdf-lib in Be Vietnam Pro, embedded from its full TTFs
 * (@expo-google-fonts/be-vietnam-pro: every Vietnamese letter, unlike the web subsets), subset to the
 * letters used. The event's logo is drawn when it is an uploaded PNG or JPEG.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { COLORS, certificateLines, certificatePages, FRAMES, LOGO_BOX, PAGE_MM } from '../../../src/certificateLayout';
import { certificatesText } from '../../../src/messages/certificates';
import type { TCertificates } from '../../../src/schemas/certificates';
import type { Database } from '../../db/types';
import { loadPdf } from '../../heavy';
import { readMedia } from '../media/media';
import { uploadedMediaId } from '../media/obstacle-address';

const require = createRequire(import.meta.url);
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function loadFonts() {
  fontBytes ??= Promise.all([
    readFile(require.resolve('@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf')),
    readFile(require.resolve('@expo-google-fonts/be-vietnam-pro/700Bold/BeVietnamPro_700Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontBytes;
}

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;

type Rgb = Awaited<ReturnType<typeof loadPdf>>['rgb'];

/** A "#rrggbb" colour as pdf-lib's. */
function colorOf(rgb: Rgb, hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** The logo as a PDF image: an uploaded PNG or JPEG; anything else (an outside address, SVG, WebP) is left off. */
async function embedLogo(db: Kysely<Database>, pdf: PDFDocument, logoUrl: string): Promise<PDFImage | null> {
  const id = uploadedMediaId(logoUrl);
  if (!id) return null;
  try {
    const media = await readMedia(db, id);
    if (media.contentType === 'image/png') return await pdf.embedPng(media.data);
    if (media.contentType === 'image/jpeg') return await pdf.embedJpg(media.data);
  } catch {
    // A logo that is gone or unreadable leaves its corner empty; the certificates still print.
  }
  return null;
}

/** The vertical middle of a line box above the baseline, in em: half of (ascent − |descent|), as the browser centres the line. */
function middleAboveBaseline(font: PDFFont): number {
  const size = 1000;
  const ascent = font.heightAtSize(size, { descender: false });
  const whole = font.heightAtSize(size);
  return (ascent - (whole - ascent)) / 2 / size;
}

function drawPage(
  rgb: Rgb,
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  logo: PDFImage | null,
  lines: ReturnType<typeof certificateLines>,
) {
  const color = (hex: string) => colorOf(rgb, hex);
  const height = pt(PAGE_MM.height);
  for (const frame of FRAMES) {
    page.drawRectangle({
      x: pt(frame.inset),
      y: pt(frame.inset),
      width: pt(PAGE_MM.width - 2 * frame.inset),
      height: pt(PAGE_MM.height - 2 * frame.inset),
      borderColor: color(COLORS.frame),
      borderWidth: frame.width,
    });
  }
  if (logo) {
    const scale = Math.min(pt(LOGO_BOX.width) / logo.width, pt(LOGO_BOX.height) / logo.height);
    const width = logo.width * scale;
    const drawn = logo.height * scale;
    page.drawImage(logo, {
      x: pt(LOGO_BOX.x) + (pt(LOGO_BOX.width) - width) / 2,
      y: height - pt(LOGO_BOX.y) - (pt(LOGO_BOX.height) + drawn) / 2,
      width,
      height: drawn,
    });
  }
  for (const line of lines) {
    const font = line.bold ? fonts.bold : fonts.regular;
    // A name longer than its room shrinks until it fits.
    const natural = font.widthOfTextAtSize(line.text, line.size);
    const size = natural > pt(line.maxWidth) ? (line.size * pt(line.maxWidth)) / natural : line.size;
    const width = font.widthOfTextAtSize(line.text, size);
    const x = pt(line.centerX) - width / 2;
    const y = height - pt(line.y) - middleAboveBaseline(font) * size;
    page.drawText(line.text, { x, y, size, font, color: color(line.color) });
    if (line.underline) {
      page.drawLine({
        start: { x, y: y - size * 0.22 },
        end: { x: x + width, y: y - size * 0.22 },
        thickness: 0.8,
        color: color(line.color),
      });
    }
  }
}

export async function certificatesPdf(db: Kysely<Database>, data: TCertificates, today = new Date()): Promise<Uint8Array> {
  const { PDFDocument, fontkit, rgb } = await loadPdf();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(certificatesText.pdfTitle(data.event.name));
  pdf.setLanguage('vi');
  const bytes = await loadFonts();
  const fonts = { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
  const logo = await embedLogo(db, pdf, data.event.logoUrl);
  for (const certificate of certificatePages(data)) {
    drawPage(rgb, pdf.addPage([pt(PAGE_MM.width), pt(PAGE_MM.height)]), fonts, logo, certificateLines(data, certificate, today));
  }
  return pdf.save();
}
