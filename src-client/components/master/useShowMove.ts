/**
 * The master's moves: `show.update` and `show.undo`, each with this console's id. The answer's state
 * is applied at once when it is newer than what the subscription has delivered, so the console never
 * waits for its own echo; every failure toasts the server's message, and an undo says what it took
 * back (and whose move it was, when someone else made it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { masterText } from '../../../src/messages/master';
import { movesText } from '../../../src/messages/moves';
import type { ShowState, TShowChanges } from '../../../src/schemas/show';
import { systemStateQuery, useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { consoleIdForMove } from './useConsole';

export interface ShowMoves {
  move: (changes: TShowChanges) => void;
  undo: () => void;
  pending: boolean;
}

/** Puts a move's answer (the state it made) in the cache, unless the subscription brought a newer one. */
export function useApplySystem(): (answer: { system: ShowState }) => void {
  const queryClient = useQueryClient();
  return useCallback(
    ({ system }: { system: ShowState }) => {
      queryClient.setQueryData(systemStateQuery.queryKey, (old) => (old && system.version > old.system.version ? { ...old, system } : old));
    },
    [queryClient],
  );
}

/** The undo's toast: what was undone, and whose move it was when not this user's. */
export function undoneMessage(undone: { label: string; by: string | null }, me: string | null): string {
  return undone.by && undone.by !== me ? movesText.undoneOf(undone.label, undone.by) : movesText.undone(undone.label);
}

export function useShowMove(): ShowMoves {
  const trpc = useTRPC();
  const apply = useApplySystem();
  const user = useSystemState().user;
  // The server names a move's maker by full name, else user name.
  const me = user ? user.fullName.trim() || user.username : null;

  const update = useMutation(
    trpc.show.update.mutationOptions({ onSuccess: apply, onError: (error) => notifyError(masterText.moveError, error) }),
  );
  const undoMutation = useMutation(
    trpc.show.undo.mutationOptions({
      onSuccess: (answer) => {
        apply(answer);
        notifySuccess(undoneMessage(answer.undone, me), 5000);
      },
      onError: (error) => notifyError(masterText.undoError, error),
    }),
  );

  const { mutate: updateMutate } = update;
  const { mutate: undoMutate } = undoMutation;
  const move = useCallback((changes: TShowChanges) => updateMutate({ changes, consoleId: consoleIdForMove() }), [updateMutate]);
  const undo = useCallback(() => undoMutate({ consoleId: consoleIdForMove() }), [undoMutate]);
  return { move, undo, pending: update.isPending || undoMutation.isPending };
}
