/**
 * The projector entry's one component: /screen, /screen2, or /preview (masters and admins only; the
 * server checks the same on every call). No router: each of these pages is loaded whole.
 * `/screen?overlay=1` is the livestream overlay (an OBS browser source): its own lazy chunk, drawn on a
 * transparent page with no loading screen.
 */
import { lazy, Suspense, useEffect } from 'react';
import { ROLE_HOME, type Role } from '../../src/constants';
import { appText } from '../../src/messages/app';
import { ROUTES } from '../../src/routes';
import { LoadingScreen } from '../components/LoadingScreen';
import PreviewPage from '../pages/Preview.page';
import ProjectorPage from '../pages/Projector.page';
import { useLiveState } from './liveState';
import classes from './ProjectorShell.module.css';

const PREVIEW_ROLES: readonly Role[] = ['master', 'admin'];

const OverlayPage = lazy(() => import('../components/projector/Overlay'));

/** Whether this page is the livestream overlay: `/screen?overlay=1`. */
export function isOverlayPage(path: string, search: string): boolean {
  return path === ROUTES.screen && new URLSearchParams(search).get('overlay') === '1';
}

function Preview() {
  const { user } = useLiveState();
  useEffect(() => {
    if (!user) window.location.replace(ROUTES.login);
    else if (!PREVIEW_ROLES.includes(user.role)) document.title = `${appText.noAccess} · ${appText.appName}`;
  }, [user]);
  if (!user) return null;
  if (PREVIEW_ROLES.includes(user.role)) return <PreviewPage />;
  return (
    <main className={classes.notice} data-testid="no-access">
      <img src="/logo.svg" alt={appText.appName} width={72} height={72} />
      <h1>{appText.noAccess}</h1>
      <p>{appText.noAccessHint}</p>
      <p>{appText.loggedInAs(user.fullName || user.username)}</p>
      <a className={classes.button} href={ROLE_HOME[user.role]}>
        {appText.goToMyScreen}
      </a>
    </main>
  );
}

export function ProjectorApp({ path, search = '' }: { path: string; search?: string }) {
  const { loading } = useLiveState();
  // Nothing at all until the state is read: a stream must never show a loading screen.
  if (isOverlayPage(path, search)) {
    return loading ? null : (
      <Suspense fallback={null}>
        <OverlayPage />
      </Suspense>
    );
  }
  let page = null;
  if (!loading) {
    if (path === ROUTES.screen2) page = <ProjectorPage which="screen2" />;
    else if (path === ROUTES.preview) page = <Preview />;
    else page = <ProjectorPage which="screen" />;
  }
  return (
    <>
      {page}
      <LoadingScreen visible={loading} />
    </>
  );
}
