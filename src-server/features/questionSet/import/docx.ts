/**
 * A Word file (.docx) of questions as teachers write them: "Câu 1: …" (or "1.", or Word's own
 * numbering), options "A. …" one per line or several on a line, the key as "Đáp án: B" or as the
 * bold or underlined option, "Giải thích: …", pictures inside the question. mammoth reads the file
 * into HTML (bold and underline kept, pictures captured rather than inlined); the HTML is cut into
 * lines (paragraphs, list items, table cells, line breaks) and the lines are read in order.
 * Nothing is validated here beyond what only the Word file can tell (a question without text, a
 * key before any question, a line that fits nowhere): parse.ts turns the questions into rows.
 */
import type { Kysely } from 'kysely';
import { messages } from '../../../../src/messages';
import { OPTION_LETTERS, optionLetter } from '../../../../src/questionAnswer';
import type { TMedia } from '../../../../src/schemas/media';
import type { Database } from '../../../db/types';
import { badRequest } from '../../../errors';
import { loadMammoth } from '../../../heavy';
import { detectMediaType } from '../../media/detect';
import { mediaKind, storeMedia } from '../../media/media';
import { allMarked, htmlLines, type Line } from './docxHtml';

export const DOCX_MAX_BYTES = 30 * 1024 * 1024;

export interface DocxQuestion {
  /** The question's number as written ("Câu 3" → 3), else its position from 1. */
  number: number;
  /** The question text (several paragraphs joined with "\n"). */
  content: string;
  /** Option texts without their "A." / "B)" prefix, in order. */
  options: string[];
  /** The key as written after "Đáp án:" (e.g. "B", "Phương án B", or an option's text); '' when none. */
  answer: string;
  /** The option marked bold or underlined (the other way teachers mark the key), or -1. */
  markedOption: number;
  /** After "Giải thích:" / "Lời giải:"; '' when none. */
  explanation: string;
  /** "Điểm: 20", "(20 điểm)" or "Câu 1 (20 điểm):". */
  point?: number;
  /** "Thời gian: 30 giây" or "(30 giây)". */
  timeLimit?: number;
  /** Pictures inside the question (content or options), in order, typed from their bytes. */
  images: { contentType: string; bytes: Uint8Array }[];
}

export interface DocxRead {
  /** The first paragraph before the first question (the test's title). */
  title?: string;
  /** The questions read; one without text is left out and listed in `problems`. */
  questions: DocxQuestion[];
  /** `number` is the question's, or 0 before the first question. */
  problems: { number: number; message: string }[];
}

const QUESTION_WORDED = /^\s*câu\s*(?:hỏi\s*)?(?:số\s*)?(\d{1,4})\s*(?:\(([^)]*)\)\s*[.:–-]?|[.:)–-]|$)\s*/iu;
const QUESTION_NUMBERED = /^\s*(\d{1,3})\s*[.)](?!\d)\s*/u;
const KEY = /^\s*(?:đáp\s*án(?:\s*đúng)?(?:\s*là)?|đa|đ\/a)\s*[:.–-]\s*|^\s*đáp\s*án(?:\s*đúng)?\s+(?=[a-j]\s*\.?\s*$)/iu;
const EXPLANATION = /^\s*(?:giải\s*thích|lời\s*giải|hướng\s*dẫn(?:\s*giải)?)\s*[:.–-]\s*/iu;
const POINT = /^\s*(?:(?:số\s*)?điểm\s*[:.–-]?\s*(\d+(?:[.,]\d+)?)\s*(?:điểm)?|\(\s*(\d+(?:[.,]\d+)?)\s*điểm\s*\))\s*$/iu;
const TIME = /^\s*(?:thời\s*gian(?:\s*trả\s*lời)?\s*[:.–-]?\s*(\d+)\s*(?:giây|s)?|\(\s*(\d+)\s*giây\s*\))\s*$/iu;
const OPTION_START = /^\s*([a-j])\s*[.):]\s*/iu;
/** Another option further on the same line: after a tab or two spaces. */
const OPTION_AFTER_GAP = /(?:\t|\s{2,})\s*([a-j])\s*[.):]\s+/giu;

const readNumber = (text: string | undefined) => (text === undefined ? undefined : Number(text.replace(',', '.')));
const clean = (text: string) => text.normalize('NFC').trim();
/** A line as quoted in a problem: short enough to read. */
const quote = (text: string) => {
  const trimmed = clean(text).replace(/\s+/g, ' ');
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed;
};

interface OptionPiece {
  text: string;
  letter: string;
  /** Marked by: body bold, body underlined, letter bold, letter underlined. */
  marks: [boolean, boolean, boolean, boolean];
}

/** The options a line starting with "A." holds: one, or several separated by tabs or wide spaces, letters in order. */
function optionPieces(line: Line): OptionPiece[] {
  const first = OPTION_START.exec(line.text);
  if (!first) return [];
  const starts = [{ letter: first[1]!.toUpperCase(), at: first.index, body: first[0].length }];
  for (const gap of line.text.matchAll(OPTION_AFTER_GAP)) {
    const letter = gap[1]!.toUpperCase();
    if (gap.index <= starts.at(-1)!.body || OPTION_LETTERS.indexOf(letter) !== OPTION_LETTERS.indexOf(starts.at(-1)!.letter) + 1) continue;
    const at = gap.index + gap[0].search(/[a-j]/i);
    starts.push({ letter, at, body: gap.index + gap[0].length });
  }
  return starts.map((start, i) => {
    const end = starts[i + 1]?.at ?? line.text.length;
    return {
      text: clean(line.text.slice(start.body, end)),
      letter: start.letter,
      marks: [
        allMarked(line, start.body, end, 'bold'),
        allMarked(line, start.body, end, 'underline'),
        allMarked(line, start.at, start.body, 'bold'),
        allMarked(line, start.at, start.body, 'underline'),
      ],
    };
  });
}

/** The option marked one way when exactly one option is (body bold first, then underline, then the letter alone), else -1. */
function markedOption(marks: OptionPiece['marks'][]): number {
  for (let way = 0; way < 4; way++) {
    const marked = marks.flatMap((m, i) => (m[way] ? [i] : []));
    if (marked.length === 1) return marked[0]!;
  }
  return -1;
}

interface Draft {
  question: DocxQuestion;
  part: 'content' | 'options' | 'after' | 'explanation';
  content: string[];
  explanation: string[];
  marks: OptionPiece['marks'][];
  keyed: boolean;
}

type Picture = { contentType: string | null; bytes: Uint8Array };

function readLines(lines: Line[], pictures: Picture[]): DocxRead {
  const read: DocxRead = { questions: [], problems: [] };
  const worded = lines.some((line) => QUESTION_WORDED.test(line.text));
  let draft: Draft | null = null;
  let count = 0;

  const problem = (message: string) => read.problems.push({ number: draft?.question.number ?? 0, message });

  const finish = () => {
    if (!draft) return;
    const { question } = draft;
    question.content = clean(draft.content.join('\n'));
    question.explanation = clean(draft.explanation.join('\n'));
    question.markedOption = markedOption(draft.marks);
    if (question.content) read.questions.push(question);
    else problem(messages.docxNoContent);
  };

  const start = (number: number, rest: string, tag?: string): Draft => {
    finish();
    count += 1;
    const question: DocxQuestion = { number, content: '', options: [], answer: '', markedOption: -1, explanation: '', images: [] };
    const point = tag && /(\d+(?:[.,]\d+)?)\s*điểm/iu.exec(tag);
    const time = tag && /(\d+)\s*(?:giây|s\b)/iu.exec(tag);
    if (point) question.point = readNumber(point[1]);
    if (time) question.timeLimit = readNumber(time[1]);
    draft = { question, part: 'content', content: rest.trim() ? [rest] : [], explanation: [], marks: [], keyed: false };
    return draft;
  };

  const keepPictures = (line: Line, into: Draft) => {
    for (const index of line.images) {
      const picture = pictures[index];
      if (!picture) continue;
      if (picture.contentType) into.question.images.push({ contentType: picture.contentType, bytes: picture.bytes });
      else problem(messages.docxImageUnsupported);
    }
  };

  const addOption = (current: Draft, piece: OptionPiece) => {
    const expected = optionLetter(current.question.options.length);
    if (piece.letter && piece.letter !== expected) problem(messages.docxOptionOutOfOrder(piece.letter, expected));
    current.question.options.push(piece.text);
    current.marks.push(piece.marks);
    current.part = 'options';
  };

  for (const line of lines) {
    const { text } = line;
    const current = draft as Draft | null;
    const asking = current && (current.part === 'content' || current.part === 'options');

    // A question starts: "Câu 3:", Word's numbering at the top level, "3." (counting on, in a file without "Câu").
    const wordedMatch = QUESTION_WORDED.exec(text);
    if (wordedMatch) {
      keepPictures(line, start(Number(wordedMatch[1]), text.slice(wordedMatch[0].length), wordedMatch[2]));
      continue;
    }
    if (line.list?.depth === 1 && line.list.ordered) {
      keepPictures(line, start(count + 1, text));
      continue;
    }
    const numbered = worded ? null : QUESTION_NUMBERED.exec(text);
    if (numbered && (!current || Number(numbered[1]) === current.question.number + 1)) {
      keepPictures(line, start(Number(numbered[1]), text.slice(numbered[0].length)));
      continue;
    }

    const key = KEY.exec(text);
    if (key) {
      if (!current) problem(messages.docxOutsideQuestion(quote(text)));
      else if (current.keyed) problem(messages.docxSecondKey(quote(text)));
      else {
        current.question.answer = clean(text.slice(key[0].length));
        current.keyed = true;
        if (current.part !== 'explanation') current.part = 'after';
      }
      continue;
    }
    if (!current) {
      if (OPTION_START.test(text)) problem(messages.docxOutsideQuestion(quote(text)));
      else if (read.title === undefined && text.trim()) read.title = clean(text);
      continue;
    }
    const explanation = EXPLANATION.exec(text);
    if (explanation) {
      current.part = 'explanation';
      current.explanation.push(text.slice(explanation[0].length));
      continue;
    }
    const point = POINT.exec(text);
    if (point) {
      current.question.point = readNumber(point[1] ?? point[2]);
      continue;
    }
    const time = TIME.exec(text);
    if (time) {
      current.question.timeLimit = readNumber(time[1] ?? time[2]);
      continue;
    }

    if (asking && line.list && (line.list.depth > 1 || !line.list.ordered)) {
      // An item of a list inside the question: an option, lettered or not.
      const [piece] = optionPieces(line);
      const whole = (mark: 'bold' | 'underline') => allMarked(line, 0, text.length, mark);
      addOption(current, piece ?? { text: clean(text), letter: '', marks: [whole('bold'), whole('underline'), false, false] });
      keepPictures(line, current);
      continue;
    }
    if (asking && OPTION_START.test(text)) {
      for (const piece of optionPieces(line)) addOption(current, piece);
      keepPictures(line, current);
      continue;
    }
    if (current.part === 'content') {
      if (text.trim()) current.content.push(text);
      keepPictures(line, current);
    } else if (current.part === 'explanation') {
      if (text.trim()) current.explanation.push(text);
    } else if (text.trim()) {
      problem(messages.docxStrayLine(quote(text)));
    } else if (current.part === 'options') {
      keepPictures(line, current);
    }
  }
  finish();
  return read;
}

/** Reads a .docx's questions; a file that is not one answers 400 ("file"), never 500. */
export async function readDocxQuestions(bytes: Uint8Array): Promise<DocxRead> {
  if (bytes.length > DOCX_MAX_BYTES) throw badRequest(messages.importFileTooLarge(DOCX_MAX_BYTES / 1024 / 1024), 'file');
  const pictures: Picture[] = [];
  let html: string;
  try {
    const mammoth = await loadMammoth();
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // mammoth drops underline unless asked; a Title paragraph is a heading like the others.
        styleMap: ['b => strong', 'u => u', "p[style-name='Title'] => h1:fresh"],
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          const data = new Uint8Array(await image.readAsArrayBuffer());
          // Only pictures the app can show are kept; a Word drawing or formula (EMF, WMF) is not one.
          const type = await detectMediaType(data);
          pictures.push({ contentType: type && mediaKind(type) === 'image' ? type : null, bytes: data });
          return { src: `docx-image:${pictures.length - 1}` };
        }),
      },
    );
    html = result.value;
  } catch {
    throw badRequest(messages.docxUnreadable, 'file');
  }
  return readLines(htmlLines(html), pictures);
}

/** Stores the first picture of a question as an uploaded image; its media, or null when it has none. */
export async function storeDocxImages(db: Kysely<Database>, images: DocxQuestion['images'], fileName: string): Promise<TMedia | null> {
  const [first] = images;
  return first ? storeMedia(db, fileName, first.bytes) : null;
}
