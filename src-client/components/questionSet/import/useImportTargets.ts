/**
 * What an import can write into: the rounds the event uses (with their titles from the event
 * settings, as the navigation shows them) and every set of those rounds, read with the lists the
 * question-set screens already cache. The open round is always offered, used or not.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { questionSetsText } from '../../../../src/messages/questionSets';
import { ROUND_NUMBERS, roundsUsed } from '../../../../src/rounds';
import { useTRPC } from '../../../trpc';
import { type Destination, destinationValue, type ExistingSet } from './destinations';

const T = questionSetsText.importDialog;

export interface ImportTargets {
  /** The rounds the event uses (all six until the settings arrive). */
  rounds: number[];
  roundTitles: Readonly<Record<string, string | undefined>>;
  existing: ExistingSet[];
  /** The destinations' Select data: "Bỏ qua", then one group per round (its new set, its sets). */
  choices: ({ value: string; label: string } | { group: string; items: { value: string; label: string }[] })[];
}

export function useImportTargets(setNumber: number, targetId: string | undefined, enabled: boolean): ImportTargets {
  const trpc = useTRPC();
  const roundTitles = useQuery(trpc.settings.get.queryOptions()).data?.settings.roundTitles;
  const used = roundTitles ? roundsUsed(roundTitles) : [...ROUND_NUMBERS];
  const offered = ROUND_NUMBERS.filter((n) => n === setNumber || used.includes(n));
  const lists = useQueries({
    queries: ROUND_NUMBERS.map((set) => ({ ...trpc.questionSet.list.queryOptions({ set }), enabled: enabled && offered.includes(set) })),
  });
  const existing = offered.flatMap((set) =>
    (lists[set - 1]?.data?.items ?? []).map((item) => ({
      set,
      _id: item._id,
      title: item.title,
      version: item.version,
      count: item.items.length,
    })),
  );
  const label = (destination: Destination): string => {
    if (destination.kind === 'skip') return T.targetSkip;
    if (destination.kind === 'new') return T.targetNew(destination.set);
    const set = existing.find((s) => s._id === destination._id);
    const title = set?.title ?? '';
    return destination._id === targetId ? T.targetCurrent(title) : T.targetExisting(destination.set, title);
  };
  const option = (destination: Destination) => ({ value: destinationValue(destination), label: label(destination) });
  const choices: ImportTargets['choices'] = [
    option({ kind: 'skip' }),
    ...offered.map((set) => ({
      group: T.round(set, roundTitles?.[set]),
      items: [
        option({ kind: 'new', set }),
        ...existing.filter((s) => s.set === set).map((s) => option({ kind: 'existing', set, _id: s._id })),
      ],
    })),
  ];
  return { rounds: used, roundTitles: roundTitles ?? {}, existing, choices };
}
