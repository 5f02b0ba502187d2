/**
 * This page as a console: while /master is open, the `show.console` subscription lists it on every
 * server instance and tells it which other consoles are open. Its moves carry its console id, so
 * the show moves that come back tell this console's own from another's, and only another's is
 * toasted, naming who made it. The same account in two tabs is two consoles: each is told.
 */
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConsolesMessage, ShowActor, TConsole } from '../../../src/live';
import { masterText } from '../../../src/messages/master';
import type { ShowState } from '../../../src/schemas/show';
import { onShowMove } from '../../hooks/liveEvents';
import { useTRPC } from '../../trpc';
import { notifyInfo } from '../notify';

const M = masterText;

/** Every id this page has been given (a reconnect brings a new one), and the current one. */
const ownIds = new Set<string>();
let currentId: string | null = null;
/** Moves sent before the first id came, and moves whose call takes no console id: their echo names no console. */
let unattributedMoves = 0;
/** Whether this page is a console (the hook is mounted): only then is an echo awaited. */
let consoleOpen = false;

/** The id to send with a move (undefined before the subscription has given one). */
export function consoleIdForMove(): string | undefined {
  if (currentId === null) unattributedMoves++;
  return currentId ?? undefined;
}

/**
 * A move sent by a call that takes no console id (a buzz verdict, points by hand, a replay): its echo
 * names this user but no console, and must not be told as another console's. Returns what to call
 * when the move failed (no echo comes).
 */
export function expectUnattributedEcho(): () => void {
  if (!consoleOpen) return () => {};
  unattributedMoves++;
  let settled = false;
  return () => {
    if (settled || unattributedMoves === 0) return;
    settled = true;
    unattributedMoves--;
  };
}

/** Whether a move came from this page. */
function madeHere(by: ShowActor, userId: string | null): boolean {
  if (by.consoleId !== null) return ownIds.has(by.consoleId);
  if (by.userId === userId && unattributedMoves > 0) {
    unattributedMoves--;
    return true;
  }
  return false;
}

/** A console as this page names it: the same account elsewhere says so. */
export function consoleName(console: Pick<TConsole, 'name' | 'userId'>, userId: string | null): string {
  return console.userId === userId ? `${console.name} (${M.consoleSameUser})` : console.name;
}

export interface ConsoleView {
  /** The other consoles open now, the oldest first. */
  others: TConsole[];
}

/**
 * Opens this console (once per page) and toasts the moves made elsewhere; `describe` says what a
 * move did.
 */
export function useConsole(userId: string | null, describe: (by: ShowActor, system: ShowState) => string): ConsoleView {
  const trpc = useTRPC();
  const [state, setState] = useState<ConsolesMessage | null>(null);
  useSubscription(
    trpc.show.console.subscriptionOptions(undefined, {
      onData: (message) => {
        ownIds.add(message.self);
        currentId = message.self;
        setState(message);
      },
    }),
  );
  useEffect(() => {
    consoleOpen = true;
    return () => {
      consoleOpen = false;
      currentId = null;
    };
  }, []);

  const describeRef = useRef(describe);
  describeRef.current = describe;
  useEffect(
    () =>
      onShowMove((by, system) => {
        if (madeHere(by, userId)) return;
        notifyInfo(M.otherConsoleMove(consoleName(by, userId), describeRef.current(by, system)));
      }),
    [userId],
  );

  const others = useMemo(() => (state ? state.consoles.filter((c) => c.id !== state.self) : []), [state]);
  return { others };
}
