/**
 * The master's moves: `show.update` and `show.undo`, each with this console's id. The answer's state
 * is applied at once when it is newer than what the subscription has delivered, so the console never
 * waits for its own echo; every failure toasts the server's message.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { masterText } from '../../../src/messages/master';
import type { ShowState, TShowChanges } from '../../../src/schemas/show';
import { systemStateQuery } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { notifyError } from '../notify';
import { consoleIdForMove } from './useConsole';

export interface ShowMoves {
  move: (changes: TShowChanges) => void;
  undo: () => void;
  pending: boolean;
}

export function useShowMove(): ShowMoves {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const apply = useCallback(
    ({ system }: { system: ShowState }) => {
      queryClient.setQueryData(systemStateQuery.queryKey, (old) => (old && system.version > old.system.version ? { ...old, system } : old));
    },
    [queryClient],
  );

  const update = useMutation(
    trpc.show.update.mutationOptions({ onSuccess: apply, onError: (error) => notifyError(masterText.moveError, error) }),
  );
  const undoMutation = useMutation(
    trpc.show.undo.mutationOptions({ onSuccess: apply, onError: (error) => notifyError(masterText.undoError, error) }),
  );

  const { mutate: updateMutate } = update;
  const { mutate: undoMutate } = undoMutation;
  const move = useCallback((changes: TShowChanges) => updateMutate({ changes, consoleId: consoleIdForMove() }), [updateMutate]);
  const undo = useCallback(() => undoMutate({ consoleId: consoleIdForMove() }), [undoMutate]);
  return { move, undo, pending: update.isPending || undoMutation.isPending };
}
