/**
 * What an editor modal edits (null for a new one) and whether it is open. Closing keeps the item, so
 * the modal does not change under its closing animation.
 */
import { useState } from 'react';

export function useModalItem<T>() {
  const [state, setState] = useState<{ opened: boolean; item: T | null }>({ opened: false, item: null });
  return {
    ...state,
    open: (item: T | null) => setState({ opened: true, item }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}

/** What `useModalItem` gives: handed to the editor modal it opens. */
export type ModalItem<T> = ReturnType<typeof useModalItem<T>>;
