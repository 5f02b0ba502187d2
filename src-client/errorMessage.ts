/**
 * What a person is told about a failed call: the server's Vietnamese message, or, when the server never
 * answered, that it could not be reached; never the browser's or tRPC's English. Kept apart from the
 * client (trpcClient.ts) so it can be tested without a browser.
 */
import { isTRPCClientError } from '@trpc/client';
import { errorsText } from '../src/messages/errors';

/** The browsers' and tRPC's words for a connection that failed or closed, never shown as they are. */
const CONNECTION_FAILURE =
  /failed to fetch|networkerror|load failed|fetch failed|network request failed|websocket|connection (closed|lost)|closed (before|prematurely)|unexpected token|not valid json/i;

/**
 * What to tell a person about a failure: the Vietnamese message the server put on it, or, for a
 * request the server never answered (offline, a closed socket, a proxy's error page), that the server
 * could not be reached; '' when there is nothing to add.
 */
export function errorMessage(error: unknown): string {
  if (!error || typeof error !== 'object' || !('message' in error) || typeof error.message !== 'string') return '';
  // The server answered: its message is the catalogue's.
  if (isTRPCClientError(error) && error.shape) return error.message;
  if (isTRPCClientError(error) || CONNECTION_FAILURE.test(error.message)) return errorsText.serverUnreachable;
  return error.message;
}
