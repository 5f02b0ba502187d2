/**
 * mammoth's HTML of a Word file (src-server/features/questionSet/import/docx.ts), cut into lines: one
 * per paragraph, list item, table cell or line break, each with its text, which parts are bold or
 * underlined, its pictures and, for a list item, its list. mammoth writes plain, regular HTML (its
 * own tags, attributes in double quotes, only &amp; &lt; &gt; &quot; escaped), so a tokenizer of tags
 * and text is enough.
 */

interface Span {
  text: string;
  bold: boolean;
  underline: boolean;
}

export interface Line {
  spans: Span[];
  text: string;
  /** Indexes into the captured pictures. */
  images: number[];
  /** A list item's first line: its depth (1 at the top) and whether the list is numbered. */
  list?: { depth: number; ordered: boolean };
}

const TOKEN = /<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi;
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'tr', 'table', 'ol', 'ul', 'br']);

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, code: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (code[0] !== '#') return named[code.toLowerCase()] ?? '';
    return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)));
  });

const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';

/** mammoth's HTML as lines: one per paragraph, list item, table cell or line break; empty ones dropped. */
export function htmlLines(html: string): Line[] {
  const lines: Line[] = [];
  const lists: boolean[] = [];
  let line: Line = { spans: [], text: '', images: [] };
  let pendingList: Line['list'];
  let bold = 0;
  let underline = 0;
  // A footnote's or endnote's item (mammoth lists them at the end): skipped with what it holds.
  let skippedItems = 0;

  const flush = () => {
    if (line.text.trim() || line.images.length) {
      lines.push(pendingList ? { ...line, list: pendingList } : line);
      pendingList = undefined;
    }
    line = { spans: [], text: '', images: [] };
  };

  for (const [, closing, rawTag, attributes = '', text] of html.matchAll(TOKEN)) {
    if (text !== undefined) {
      if (skippedItems) continue;
      const span = { text: decodeEntities(text).normalize('NFC'), bold: bold > 0, underline: underline > 0 };
      line.spans.push(span);
      line.text += span.text;
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (skippedItems) {
      if (tag === 'li') skippedItems += closing ? -1 : 1;
      continue;
    }
    if (tag === 'li' && !closing && /^(footnote|endnote)-/.test(attribute(attributes, 'id'))) {
      flush();
      skippedItems = 1;
      continue;
    }
    if (BLOCK_TAGS.has(tag)) flush();
    if (tag === 'ol' || tag === 'ul') {
      if (closing) lists.pop();
      else lists.push(tag === 'ol');
    } else if (tag === 'li' && !closing) {
      pendingList = { depth: lists.length, ordered: lists.at(-1) ?? false };
    } else if (tag === 'strong' || tag === 'b') {
      bold += closing ? -1 : 1;
    } else if (tag === 'u') {
      underline += closing ? -1 : 1;
    } else if (tag === 'img') {
      const index = /^docx-image:(\d+)$/.exec(attribute(attributes, 'src'));
      if (index) line.images.push(Number(index[1]));
    }
  }
  flush();
  return lines;
}

/** Whether every visible character of line.text[start, end) carries `mark`. */
export function allMarked(line: Line, start: number, end: number, mark: 'bold' | 'underline'): boolean {
  let at = 0;
  let seen = false;
  for (const span of line.spans) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + span.text.length);
    if (from < to && /\S/.test(span.text.slice(from - at, to - at))) {
      if (!span[mark]) return false;
      seen = true;
    }
    at += span.text.length;
  }
  return seen;
}
