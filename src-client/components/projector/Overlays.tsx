/** What sits over the stage: the small start hint and the small offline sign, each in a corner. */
import { useEffect, useState } from 'react';
import { appText } from '../../../src/messages/app';
import { projectorText } from '../../../src/messages/projector';
import { useConnectionLost } from '../../hooks/useLinkState';
import classes from './Projector.module.css';
import { unlockSound } from './sound';

/**
 * The gesture browsers need before they allow sound and fullscreen. The stage shows the live
 * picture at once (a projector reloaded mid-question must not hide it); a small hint in the top
 * right corner asks for a click or a key, and the first one anywhere on the page unlocks the sound,
 * asks for fullscreen and takes the hint away. Every later click or key unlocks the sound again,
 * should the browser have suspended it.
 */
export function StartOverlay() {
  const [locked, setLocked] = useState(true);

  useEffect(() => {
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
  }, []);

  if (!locked) return null;
  return (
    <div className={classes.startHint} data-testid="start-hint" role="status">
      <svg className={classes.startIcon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {projectorText.startHint}
    </div>
  );
}

/** "Mất kết nối" in a corner; `discreet` (the livestream overlay) makes it small and dim, for the operator only. */
export function OfflineSign({ discreet = false }: { discreet?: boolean }) {
  if (!useConnectionLost()) return null;
  return (
    <div className={discreet ? classes.offlineSignDiscreet : classes.offlineSign} data-testid="offline-sign" role="status">
      <span className={classes.offlineDot} />
      {appText.disconnected}
    </div>
  );
}
