/**
 * A command-line tool beside the server that holds the embedded data folder: it calls that server's
 * tRPC procedures as the installation's admin, with the token the server wrote in
 * `<dataDir>/server.json` (src-server/cli-token.ts), and so acts on the event on stage. Refused, in
 * Vietnamese and with exit 2, when that card is missing or stale or the server does not answer.
 */
import { createTRPCClient, httpLink, type TRPCClient, TRPCClientError } from '@trpc/client';
import { messages } from '../../src/messages';
import type { TEventSummary } from '../../src/schemas/events';
import { CLI_TOKEN_HEADER, readServerFile, SERVER_FILE } from '../../src-server/cli-token';
import type { AppRouter } from '../../src-server/router';

export interface RunningServerClient {
  trpc: TRPCClient<AppRouter>;
  pid: number;
  url: string;
  /** The event on stage, which every call acts on. */
  onStage: TEventSummary;
}

/** How long the first call may take before the server counts as not answering. */
const ANSWER_WITHIN_MS = 10_000;

/** The contract: every call carries a time stamp (`t`), so no cache answers it (src-client/trpcClient.ts). */
const timestampedFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  url.searchParams.set('t', String(Date.now()));
  return fetch(url, init);
};

function refuse(pid: number, dir: string, why: string): never {
  console.error(messages.cliServerUnusable(pid, dir, why));
  process.exit(2);
}

/** Why a call did not get through, or null when the server answered with a refusal of the call itself. */
export function unreachableReason(error: unknown, url: string): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  if (status === undefined) return messages.cliServerSilent(url);
  // The token refused (wrong, from elsewhere, no active admin): the server's own words.
  if (status === 401 || status === 403) return error.message;
  return null;
}

/**
 * Connects to the server (PID `holder`) that holds the data folder `dir`, as its admin; checks that it
 * answers and that `--event`, when given, names the event on stage. Exits 2 otherwise.
 */
export async function connectToRunningServer(dir: string, holder: number, wantedEvent: string | null): Promise<RunningServerClient> {
  const card = readServerFile(dir);
  // A card from another process is a crashed server's: the holder now is something else.
  if (!card || card.pid !== holder) refuse(holder, dir, messages.cliNoServerFile(SERVER_FILE));
  const trpc = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${card.url}/trpc`, headers: { [CLI_TOKEN_HEADER]: card.token }, fetch: timestampedFetch })],
  });
  let events: TEventSummary[];
  try {
    ({ items: events } = await trpc.events.list.query(undefined, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }));
  } catch (error) {
    refuse(holder, dir, unreachableReason(error, card.url) ?? (error as Error).message);
  }
  const onStage = events.find((e) => e.state === 'onStage');
  // An installation always has an event on stage (its first start makes one).
  if (!onStage) throw new Error('The server lists no event on stage');
  if (wantedEvent !== null) {
    const named = events.find((e) => e._id === wantedEvent) ?? events.find((e) => e.title.toLowerCase() === wantedEvent.toLowerCase());
    if (!named) {
      console.error(
        messages.cliEventNotFound(
          wantedEvent,
          events.map((e) => `${e._id}  ${e.title}`),
        ),
      );
      process.exit(2);
    }
    if (named._id !== onStage._id) {
      console.error(messages.cliServerOtherEvent(named.title, onStage.title, holder));
      process.exit(2);
    }
  }
  return { trpc, pid: holder, url: card.url, onStage };
}
