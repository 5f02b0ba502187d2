/**
 * A team phone or a judge's pad whose event left the stage: the server signs it out (the account
 * belongs to the old event), and the login page says why once, instead of a bare form.
 */
const KEY = 'hoithi:event-switched';

/** The event on stage changed under a team or judge account: remember it for the login page. */
export function noteEventSwitched(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the login page simply says nothing.
  }
}

/** Whether this tab was signed out by a switch of event (until it signs in again). */
export function eventSwitched(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Signed in again: the notice is done. */
export function forgetEventSwitched(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
