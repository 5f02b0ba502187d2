/**
 * The projector's own entry (/screen, /screen2, /preview): React, the tRPC client and the stage, and
 * nothing of the app's admin kit (no Mantine, no zod, no Query, no Markdown until the rules show),
 * so a projector PC on the hall's Wi-Fi is live within a second.
 */
import '../fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLiveState } from './liveState';
import { ProjectorApp } from './ProjectorApp';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from screen.html');

startLiveState();
createRoot(root).render(
  <StrictMode>
    <ProjectorApp path={window.location.pathname} search={window.location.search} />
  </StrictMode>,
);
