/**
 * Reading a spreadsheet's header row the way people write it, for any import (question sets today,
 * a roster tomorrow): each import names its fields and the headers that mean them; a header matches
 * in any case, with or without diacritics, extra spaces, punctuation or a unit in brackets
 * ("Thời gian (giây)" is "thoi gian", unit "giay"). A header an organiser mapped by hand is
 * remembered by the same key, and wins over the built-in names. A header nobody maps is ignored and
 * listed as ignored, never an error.
 */
import { foldVietnamese } from './text';

export interface ColumnRule<F extends string> {
  field: F;
  /** Headers that mean this field, written naturally ("Câu hỏi"); compared by their key. */
  names: readonly string[];
}

export type ColumnSource = 'known' | 'remembered' | 'ignored';

export interface ColumnReading<F extends string> {
  /** Position in the sheet, from 0. */
  index: number;
  /** The header as written. */
  header: string;
  /** What the column is read as; null when it is ignored. */
  field: F | null;
  source: ColumnSource;
  /** A unit written in brackets after the name, folded ("giay", "phut"), or null. */
  unit: string | null;
}

/** A column read as a field another column already gives: the later one is an error. */
export interface DuplicateColumn<F extends string> {
  index: number;
  header: string;
  field: F;
  /** The header of the column that gave the field first. */
  first: string;
}

/** Whatever brackets hold ("(giây)", "[s]"), folded; null without one. */
export function headerUnit(header: string): string | null {
  const match = /[([]([^)\]]*)[)\]]/.exec(header);
  if (!match) return null;
  const unit = foldVietnamese(match[1]!)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return unit || null;
}

/**
 * The key a header is compared and remembered by: folded, without what brackets hold, punctuation
 * as spaces, camelCase split ("timeLimit" → "time limit"), spaces collapsed.
 */
export function headerKey(header: string): string {
  const split = header.replace(/([a-z])([A-Z])/g, '$1 $2');
  return foldVietnamese(split.replace(/[([][^)\]]*[)\]]/g, ' '))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Reads a header row: each column's field (remembered mapping first, then the rules' names), what is
 * ignored, and the columns that repeat a field. Blank headers are not columns (the caller decides
 * whether a blank header over filled cells is a problem).
 */
export function readColumns<F extends string>(
  headers: readonly string[],
  rules: readonly ColumnRule<F>[],
  remembered: ReadonlyMap<string, F | null> = new Map(),
): { columns: ColumnReading<F>[]; duplicates: DuplicateColumn<F>[] } {
  // Names are compared without their spaces too: "TIMELIMIT" is "timeLimit", "Thoigian" is "Thời gian".
  const compact = (key: string) => key.replaceAll(' ', '');
  const byKey = new Map<string, F>();
  for (const rule of rules)
    for (const name of rule.names) if (!byKey.has(compact(headerKey(name)))) byKey.set(compact(headerKey(name)), rule.field);
  const columns: ColumnReading<F>[] = [];
  const duplicates: DuplicateColumn<F>[] = [];
  const firstOf = new Map<F, string>();
  headers.forEach((raw, index) => {
    const header = String(raw ?? '').trim();
    if (!header) return;
    const key = headerKey(header);
    const unit = headerUnit(header);
    let field: F | null = null;
    let source: ColumnSource = 'ignored';
    if (remembered.has(key)) {
      field = remembered.get(key) ?? null;
      source = field ? 'remembered' : 'ignored';
    } else if (byKey.has(compact(key))) {
      field = byKey.get(compact(key))!;
      source = 'known';
    }
    if (field) {
      const first = firstOf.get(field);
      if (first !== undefined) {
        duplicates.push({ index, header, field, first });
        columns.push({ index, header, field: null, source: 'ignored', unit });
        return;
      }
      firstOf.set(field, header);
    }
    columns.push({ index, header, field, source, unit });
  });
  return { columns, duplicates };
}
