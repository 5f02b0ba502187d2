/** Toasts in one place: failures in the danger colour with the server's message appended (docs/ARCHITECTURE.md, "The contract"). */

import { errorMessage } from '../trpc';
import { showToast } from './NotificationsHost';

export function notifyError(prefix: string, error?: unknown): void {
  const detail = error === undefined ? '' : errorMessage(error);
  const message = detail ? `${prefix.trimEnd()} ${detail}` : prefix.trimEnd();
  console.error(message, error);
  showToast({ color: 'red', message, autoClose: 6000 });
}

export function notifySuccess(message: string, autoClose = 3000): void {
  showToast({ color: 'teal', message, autoClose });
}

/** A mutation's `onSuccess` and `onError`: its success toast (then `after`), or its failure's with the server's reason. */
export function mutationToasts(success: string, failure: string, after?: () => void, successMs?: number) {
  return {
    onSuccess: () => {
      notifySuccess(success, successMs);
      after?.();
    },
    onError: (error: unknown) => notifyError(failure, error),
  };
}

/** Something someone else did that this screen's user should know of. */
export function notifyInfo(message: string, autoClose = 6000): void {
  showToast({ color: 'orange', message, autoClose });
}
