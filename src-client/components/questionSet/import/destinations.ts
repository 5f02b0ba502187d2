/**
 * Where each sheet of an imported file goes: skipped, a new set of a round, or a set that exists (to
 * append to or replace). A Select's value encodes it ("skip", "new:2", "set:2:<id>"); the write call's
 * input is built from the choices.
 */
import type { TImportSheet, TQuestionImportInput } from '../../../../src/schemas/questionImport';
import { foldVietnamese } from '../../../../src/text';

export type Destination = { kind: 'skip' } | { kind: 'new'; set: number } | { kind: 'existing'; set: number; _id: string };
export type WriteMode = 'append' | 'replace';

/** A set that exists, as the destinations' Select lists it. */
export interface ExistingSet {
  set: number;
  _id: string;
  title: string;
  version: number;
  count: number;
}

export function destinationValue(destination: Destination): string {
  if (destination.kind === 'skip') return 'skip';
  if (destination.kind === 'new') return `new:${destination.set}`;
  return `set:${destination.set}:${destination._id}`;
}

export function parseDestination(value: string): Destination {
  const [kind, set, ...id] = value.split(':');
  if (kind === 'new') return { kind: 'new', set: Number(set) };
  if (kind === 'set') return { kind: 'existing', set: Number(set), _id: id.join(':') };
  return { kind: 'skip' };
}

/**
 * Each sheet's first destination. One sheet: the open set, or a new set of this round. Several (one
 * per round): a sheet named like a round goes to that round's new set, the others to the rounds the
 * event uses that no sheet is named after, in order; sheets past them are skipped. Opened on a set,
 * the first sheet goes to it.
 */
export function defaultDestinations(
  sheets: readonly Pick<TImportSheet, 'name'>[],
  context: { setNumber: number; targetId?: string; rounds: readonly number[]; roundTitles: Readonly<Record<string, string | undefined>> },
): Destination[] {
  const { setNumber, targetId, rounds, roundTitles } = context;
  const current: Destination = targetId ? { kind: 'existing', set: setNumber, _id: targetId } : { kind: 'new', set: setNumber };
  if (sheets.length === 1) return [current];
  const byTitle = new Map(rounds.map((n) => [foldVietnamese(roundTitles[n] ?? ''), n]));
  const named = sheets.map((sheet, index) => (index === 0 && targetId ? undefined : byTitle.get(foldVietnamese(sheet.name))));
  const free = rounds.filter((n) => !named.includes(n));
  return sheets.map((_, index): Destination => {
    if (index === 0 && targetId) {
      free.shift(); // the first round's place, as if the sheet went there
      return current;
    }
    const set = named[index] ?? free.shift();
    return set ? { kind: 'new', set } : { kind: 'skip' };
  });
}

/** The sheets chosen, with where they go. */
export function chosenSheets(destinations: readonly Destination[]) {
  return destinations.flatMap((destination, sheet) => (destination.kind === 'skip' ? [] : [{ sheet, destination }]));
}

/** Two sheets into one existing set would write it twice with one version: refused before the call. */
export function sharesExistingSet(destinations: readonly Destination[]): boolean {
  const ids = destinations.flatMap((d) => (d.kind === 'existing' ? [d._id] : []));
  return new Set(ids).size < ids.length;
}

type WriteInput = Omit<TQuestionImportInput, 'fileName' | 'dataBase64'>;

/**
 * The write call's fields besides the file: a one-sheet file sends the set and mode alone (with the
 * title typed for a new set); a workbook sends `sheets`, each new set titled by the server after its sheet.
 */
export function writeInput(
  destinations: readonly Destination[],
  options: { setNumber: number; mode: WriteMode; title: string; versionOf(id: string): number | undefined },
): WriteInput | null {
  const chosen = chosenSheets(destinations);
  const targets = chosen.map(({ sheet, destination }) =>
    destination.kind === 'existing'
      ? { sheet, set: destination.set, mode: options.mode, _id: destination._id, version: options.versionOf(destination._id) }
      : { sheet, set: destination.kind === 'new' ? destination.set : options.setNumber, mode: 'create' as const },
  );
  const [first] = targets;
  if (!first) return null;
  if (destinations.length > 1) return { set: first.set, mode: first.mode, sheets: targets };
  const { sheet: _sheet, ...single } = first;
  return single.mode === 'create' ? { ...single, title: options.title.trim() } : single;
}
