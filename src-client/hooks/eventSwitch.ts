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

/** Whether this tab was signed out by a switch of event; forgotten once read. */
export function takeEventSwitched(): boolean {
  try {
    const switched = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return switched;
  } catch {
    return false;
  }
}
