/**
 * /preview: both projector screens side by side for rehearsal, each a live frame of the real
 * page (`?preview=1`: no start overlay, no sound) in a 16:9 box. Part of the projector's lean entry.
 */
import { useEffect } from 'react';
import { appText } from '../../src/messages/app';
import { projectorText } from '../../src/messages/projector';
import classes from '../projector/ProjectorShell.module.css';

const SCREENS = [
  { path: '/screen', label: projectorText.previewScreen },
  { path: '/screen2', label: projectorText.previewScreen2 },
] as const;

export default function PreviewPage() {
  useEffect(() => {
    document.title = `${appText.screenTitles.preview} · ${appText.appName}`;
  }, []);
  return (
    <main className={classes.preview}>
      <h1>{appText.screenTitles.preview}</h1>
      <p className={classes.previewHint}>{projectorText.previewHint}</p>
      <div className={classes.previewGrid}>
        {SCREENS.map((screen) => (
          <section key={screen.path} className={classes.previewCard} aria-label={screen.label}>
            <div className={classes.previewCardHead}>
              <h2>{screen.label}</h2>
              <a href={screen.path} target="_blank" rel="noopener">
                {projectorText.openFull}
              </a>
            </div>
            <iframe
              className={classes.previewFrame}
              src={`${screen.path}?preview=1`}
              title={screen.label}
              data-testid={`preview-${screen.path.slice(1)}`}
            />
          </section>
        ))}
      </div>
    </main>
  );
}
