import './mantine.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadFirstScreen } from './routes';
import { loadWebFont } from './webFont';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** How long the first render waits for the team screen's files; past it the loading screen shows while they come. */
const FIRST_SCREEN_WAIT_MS = 1500;

// The first render (after the team screen's own files, routes.tsx, and the face's rules on a device that
// has its files, webFont.ts, when they come at once), in a transition: React builds it in slices, so a
// slow phone's main thread answers taps between them.
void Promise.race([
  Promise.all([preloadFirstScreen(window.location.pathname), loadWebFont()]),
  new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
