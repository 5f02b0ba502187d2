/**
 * What sits over the stage. The hall sees only the show: the crew's hints live on the console
 * (ScreensPanel's projector lines, fed by `projectors.report`), and the projector shows at most a
 * tiny mark that fades, and a connection sign only once an outage lasts.
 */
import { useEffect, useState } from 'react';
import { appText } from '../../../src/messages/app';
import { projectorText } from '../../../src/messages/projector';
import { useConnectionLost } from '../../hooks/useLinkState';
import classes from './Overlays.module.css';
import { unlockSound } from './sound';

/**
 * The gesture browsers need before they allow sound and fullscreen: the first click or key anywhere
 * on the page unlocks the sound and asks for fullscreen; every later one unlocks the sound again,
 * should the browser have suspended it. Returns whether the sound is still locked (always false
 * when `enabled` is off: the console's preview frames stay silent and ask for nothing).
 */
export function useStartGesture(enabled: boolean): boolean {
  const [locked, setLocked] = useState(enabled);
  useEffect(() => {
    if (!enabled) return;
    let first = true;
    const start = (event: Event) => {
      // Escape leaves fullscreen and gives no user activation: it unlocks nothing.
      if (event instanceof KeyboardEvent && event.key === 'Escape') return;
      if (first && !document.fullscreenElement) {
        first = false;
        void document.documentElement.requestFullscreen?.().catch(() => {});
      }
      void unlockSound().then((unlocked) => {
        if (unlocked) setLocked(false);
      });
    };
    window.addEventListener('pointerdown', start);
    window.addEventListener('keydown', start);
    return () => {
      window.removeEventListener('pointerdown', start);
      window.removeEventListener('keydown', start);
    };
  }, [enabled]);
  return enabled && locked;
}

/**
 * While the sound is locked: a small muted-speaker mark in the corner that fades out within
 * seconds, for whoever stands at the projector PC. The words are on the console, not on the screen.
 */
export function StartMark() {
  return (
    <svg className={classes.startMark} data-testid="start-hint" viewBox="0 0 24 24" role="img" aria-label={projectorText.soundLocked}>
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      <path d="M16.5 9.5l5 5M21.5 9.5l-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * How long the link must be lost before the hall sees a sign. A server restart, a projector PC's
 * Wi-Fi roaming or a switch rebooting mostly last a few seconds, during which the stage keeps its
 * last picture and the audience notices nothing; the console reports the loss meanwhile. Past 15 s
 * the picture may be stale (a clock stopped, a question moved on), and whoever watches the screen
 * rather than the console should know why.
 */
export const OFFLINE_SIGN_AFTER_MS = 15_000;

/** The link as the projector knows it: lost at once (for tests and the page's `data-link`), shown only once it lasts. */
export function useLostLong(): { lost: boolean; long: boolean } {
  const lost = useConnectionLost();
  const [long, setLong] = useState(false);
  useEffect(() => {
    setLong(false);
    if (!lost) return;
    const timer = setTimeout(() => setLong(true), OFFLINE_SIGN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [lost]);
  return { lost, long: lost && long };
}

/** "Mất kết nối" in a corner once an outage lasts; `discreet` (the livestream overlay) makes it small and dim. */
export function OfflineSign({ discreet = false }: { discreet?: boolean }) {
  if (!useLostLong().long) return null;
  return (
    <div className={discreet ? classes.offlineSignDiscreet : classes.offlineSign} data-testid="offline-sign" role="status">
      <span className={classes.offlineDot} />
      {appText.disconnected}
    </div>
  );
}
