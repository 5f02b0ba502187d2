/** What sits over the stage: the one-time start overlay and the small offline sign. */
import { useEffect, useState } from 'react';
import { appText } from '../../../src/messages/app';
import { projectorText } from '../../../src/messages/projector';
import { useConnectionLost } from '../../hooks/useLinkState';
import classes from './Projector.module.css';
import { unlockSound } from './sound';

const STARTED_KEY = 'projectorStarted';

function startedThisSession(): boolean {
  try {
    return sessionStorage.getItem(STARTED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Bấm để bắt đầu": the click that the browser needs before it allows fullscreen and sound.
 * Shown once per browser session; after a reload within the session the next click anywhere
 * unlocks the sound again.
 */
export function StartOverlay() {
  const [started, setStarted] = useState(startedThisSession);

  useEffect(() => {
    if (!started) return;
    const unlock = () => unlockSound();
    window.addEventListener('pointerdown', unlock);
    return () => window.removeEventListener('pointerdown', unlock);
  }, [started]);

  if (started) return null;
  const start = () => {
    unlockSound();
    void document.documentElement.requestFullscreen?.().catch(() => {});
    try {
      sessionStorage.setItem(STARTED_KEY, '1');
    } catch {
      // Private mode without storage: the overlay comes back after a reload, nothing worse.
    }
    setStarted(true);
  };
  return (
    <div className={classes.startOverlay}>
      {/* biome-ignore lint/a11y/noAutofocus: the projector's one control; the operator presses Enter or clicks it once */}
      <button type="button" className={classes.startButton} onClick={start} autoFocus>
        {projectorText.start}
        <span className={classes.startHint}>{projectorText.startHint}</span>
      </button>
    </div>
  );
}

export function OfflineSign() {
  if (!useConnectionLost()) return null;
  return (
    <div className={classes.offlineSign} data-testid="offline-sign" role="status">
      <span className={classes.offlineDot} />
      {appText.disconnected}
    </div>
  );
}
