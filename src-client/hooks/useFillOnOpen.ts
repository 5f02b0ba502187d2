/** Fills a modal's form afresh each time the modal opens, or when what it edits changes while open. */
import { useEffect } from 'react';

interface FillableForm<V> {
  setValues(values: V): void;
  resetDirty(values?: V): void;
  clearErrors(): void;
}

export function useFillOnOpen<V>(
  form: FillableForm<V>,
  { opened, item, values, onFill }: { opened: boolean; item?: unknown; values: () => V; onFill?: () => void },
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill only when the modal opens or its item changes, never while typing
  useEffect(() => {
    if (!opened) return;
    const next = values();
    form.setValues(next);
    form.resetDirty(next);
    form.clearErrors();
    onFill?.();
  }, [opened, item]);
}
