/** The projector entry's loading screen: the logo, three dots and "Đang tải…", faded out over 450 ms. */
import { useEffect, useState } from 'react';
import { PRELOADER_FADE_MS } from '../../src/constants';
import { appText } from '../../src/messages/app';
import classes from './ProjectorShell.module.css';

export function LoadingScreen({ visible }: { visible: boolean }) {
  const [mounted, setMounted] = useState(visible);
  useEffect(() => {
    if (visible) {
      setMounted(true);
      return;
    }
    const timer = window.setTimeout(() => setMounted(false), PRELOADER_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);
  if (!mounted) return null;
  return (
    <div
      className={classes.loading}
      data-testid="preloader"
      data-leaving={visible ? undefined : ''}
      role="status"
      aria-label={appText.loading}
      style={{ transitionDuration: `${PRELOADER_FADE_MS}ms` }}
    >
      <img src="/logo.svg" alt={appText.appName} width={112} height={112} />
      <div className={classes.dots} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className={classes.loadingText}>{appText.loading}</div>
    </div>
  );
}
