/**
 * The pad's toasts: the contract's wording, as `notify.ts` builds it, but at the top of the screen,
 * because the app's bottom toasts would sit on the keypad's submit button under the judge's thumb.
 */

import { errorMessage } from '../../trpc';
import { showToast } from '../NotificationsHost';

export function padSuccess(message: string): void {
  showToast({ color: 'teal', message, autoClose: 2500, position: 'top-center' });
}

export function padError(prefix: string, error?: unknown): void {
  const detail = error === undefined ? '' : errorMessage(error);
  const message = detail ? `${prefix.trimEnd()} ${detail}` : prefix.trimEnd();
  console.error(message, error);
  showToast({ color: 'red', message, autoClose: 6000, position: 'top-center' });
}

export function padNotice(message: string): void {
  showToast({ color: 'yellow', message, autoClose: 5000, position: 'top-center' });
}
