/**
 * A buzzer question's turn on the console: the team the server says has the turn (`buzzTurn`, the
 * first ring not yet judged) and its verdict, shared by the buzz list's buttons and the console's
 * Shift+D / Shift+X. Only while that turn belongs to the question on air and its ring, as the list
 * has it, waits for a verdict: a turn the console cannot judge gets no buttons.
 */
import { useMutation } from '@tanstack/react-query';
import { correctionsText } from '../../../src/messages/corrections';
import type { ShowState, TBuzz } from '../../../src/schemas/show';
import { expectUnattributedEcho } from '../../components/master/useConsole';
import { useApplySystem } from '../../components/master/useShowMove';
import { notifyError } from '../../components/notify';
import { useTRPC } from '../../trpc';

const C = correctionsText;

export interface BuzzTurn {
  /** The team whose answer the console judges now, or null. */
  teamId: string | null;
  judge: (verdict: 'right' | 'wrong') => void;
}

export function buzzTurnTeam(system: Pick<ShowState, 'buzzTurn' | 'questionId'>, order: readonly TBuzz[]): string | null {
  const turn = system.buzzTurn;
  if (!turn || !system.questionId || turn.questionId !== system.questionId) return null;
  const ring = order.find((b) => b.teamId === turn.teamId);
  return ring && ring.verdict === null ? turn.teamId : null;
}

export function useBuzzTurn(system: ShowState, order: readonly TBuzz[]): BuzzTurn {
  const trpc = useTRPC();
  // The answer's state goes on screen at once, as a show move's does.
  const apply = useApplySystem();
  const verdict = useMutation(
    trpc.show.buzzVerdict.mutationOptions({
      // The move's echo names no console: it is this one's, not another's to tell of.
      onMutate: () => ({ cancelEcho: expectUnattributedEcho() }),
      onSuccess: apply,
      onError: (error, _input, echo) => {
        echo?.cancelEcho();
        notifyError(C.buzzVerdictError, error);
      },
    }),
  );
  const teamId = buzzTurnTeam(system, order);
  return {
    teamId,
    judge: (v) => {
      if (teamId && !verdict.isPending) verdict.mutate({ verdict: v, teamId });
    },
  };
}
