/**
 * Every route of the app (the table in src/routes.ts), matched exactly and case-sensitively by the
 * router's parser (App.tsx); each screen a chunk of its own. The /user routes are their own group
 * with the admin frame; anything else is the not-found screen.
 */
import { type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { QUESTION_SETS, type Role } from '../src/constants';
import { appText } from '../src/messages/app';
import { certificatesText } from '../src/messages/certificates';
import { PROJECTOR_ROUTES, questionSetRoutes, ROUTES } from '../src/routes';
import { lazyScreen, type Preloadable } from './components/lazyScreen';
import { LoadingFallback } from './components/Preloader';
import { RequireRole } from './components/RequireRole';
import { DocumentTitle } from './hooks/useDocumentTitle';
import NotFoundPage from './pages/NotFound.page';

// The frames load with the first screen that needs them, so /login and / do not carry their menus.
type ShellProps = { title: string; children: ReactNode };
const AdminShell = lazyScreen<ShellProps>('admin-shell', () => import('./components/AdminShell').then((m) => ({ default: m.AdminShell })));
const ScreenShell = lazyScreen<ShellProps>('screen-shell', () =>
  import('./components/ScreenShell').then((m) => ({ default: m.ScreenShell })),
);

const HomePage = lazyScreen('home', () => import('./pages/Home.page'));
const LoginPage = lazyScreen('login', () => import('./pages/Login.page'));
const MasterPage = lazyScreen('master', () => import('./pages/Master.page'));
const JudgePadPage = lazyScreen('judge-pad', () => import('./pages/JudgePad.page'));
const TeamPage = lazyScreen('team', () => import('./pages/Team.page'));
const DashboardPage = lazyScreen('dashboard', () => import('./pages/Dashboard.page'));
const UsersPage = lazyScreen('users', () => import('./pages/Users.page'));
const MembersPage = lazyScreen('members', () => import('./pages/Members.page'));
const RulesPage = lazyScreen('rules', () => import('./pages/Rules.page'));
const EventsPage = lazyScreen('events', () => import('./pages/Events.page'));
const CertificatesPage = lazyScreen('certificates', () => import('./pages/Certificates.page'));
const QuestionSetPage = lazyScreen('question-set', () => import('./pages/QuestionSet.page'));

/**
 * The screens loaded before the first render. A team's phone that reloads during a question shows
 * the question in its first picture (its files and answers come with the page), not the loading
 * screen first: a team is reading against the clock. Elsewhere the loading screen shows at once
 * while the screen loads beside it (measured: Lighthouse scores the pad lower when its first
 * picture waits for it).
 */
const FIRST_RENDER_SCREENS: [string, Preloadable[]][] = [[ROUTES.team, [ScreenShell, TeamPage]]];

/** Loads the screens the route at `path` shows in its first picture (mostly none); never rejects. */
export function preloadFirstScreen(path: string): Promise<void> {
  const screens = FIRST_RENDER_SCREENS.find(([route]) => route === path)?.[1] ?? [];
  return Promise.all(screens.map((screen) => screen.preload())).then(() => undefined);
}

const MASTERS: readonly Role[] = ['master', 'admin'];
const ADMINS: readonly Role[] = ['admin'];

/** The projectors are a page of their own (screen.html): reached by a link inside the app, load it whole. */
function FullPageLoad() {
  const [location] = useLocation();
  useEffect(() => {
    window.location.replace(location + window.location.search);
  }, [location]);
  return <LoadingFallback />;
}

/** The loading screen stays up while this screen's chunk loads. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingFallback />}>{children}</Suspense>;
}

function Working({ title, roles, children }: { title: string; roles?: readonly Role[]; children: ReactNode }) {
  const screen = (
    <Lazy>
      <ScreenShell title={title}>
        <DocumentTitle title={`${title} · ${appText.appName}`} />
        <Lazy>{children}</Lazy>
      </ScreenShell>
    </Lazy>
  );
  return roles ? <RequireRole roles={roles}>{screen}</RequireRole> : screen;
}

function Admin({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireRole roles={ADMINS}>
      <Lazy>
        <AdminShell title={title}>
          <Lazy>{children}</Lazy>
        </AdminShell>
      </Lazy>
    </RequireRole>
  );
}

/** The fixed /user screens: path, title, page. */
const ADMIN_SCREENS: [string, string, typeof UsersPage][] = [
  [ROUTES.users, appText.screenTitles.users, UsersPage],
  [ROUTES.dashboard, appText.screenTitles.dashboard, DashboardPage],
  [ROUTES.events, appText.screenTitles.events, EventsPage],
  [ROUTES.members, appText.screenTitles.members, MembersPage],
  [ROUTES.rules, appText.screenTitles.rules, RulesPage],
  [ROUTES.certificates, certificatesText.title, CertificatesPage],
];

/** The /user group. */
function AdminRoutes() {
  return (
    <Switch>
      {ADMIN_SCREENS.map(([path, title, Page]) => (
        <Route key={path} path={path}>
          <Admin title={title}>
            <Page />
          </Admin>
        </Route>
      ))}
      {QUESTION_SETS.flatMap((set, index) => [
        <Route key={set} path={questionSetRoutes(index + 1).list}>
          <Admin title={appText.questionSetTitle(index + 1)}>
            <QuestionSetPage setNumber={index + 1} />
          </Admin>
        </Route>,
        <Route key={`${set}/:_id`} path={questionSetRoutes(index + 1).detail}>
          {(params: { _id?: string }) => (
            <Admin title={appText.questionSetTitle(index + 1)}>
              <QuestionSetPage setNumber={index + 1} id={params._id ?? ''} />
            </Admin>
          )}
        </Route>,
      ])}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

export function AppRoutes() {
  const [location] = useLocation();
  if (location === ROUTES.users || location.startsWith(`${ROUTES.users}/`)) return <AdminRoutes />;
  return (
    <Switch>
      <Route path={ROUTES.home}>
        <Lazy>
          <HomePage />
        </Lazy>
      </Route>
      <Route path={ROUTES.login}>
        <Lazy>
          <LoginPage />
        </Lazy>
      </Route>
      {PROJECTOR_ROUTES.map((route) => (
        <Route key={route} path={route}>
          <FullPageLoad />
        </Route>
      ))}
      <Route path={ROUTES.master}>
        <Working title={appText.screenTitles.master} roles={MASTERS}>
          <MasterPage />
        </Working>
      </Route>
      {/* The pad is its own full-screen frame for a phone; the token route signs its judge in itself. */}
      <Route path={ROUTES.supporter}>
        <RequireRole roles={['judge']}>
          <DocumentTitle title={`${appText.screenTitles.supporter} · ${appText.appName}`} />
          <Lazy>
            <JudgePadPage />
          </Lazy>
        </RequireRole>
      </Route>
      <Route path={ROUTES.judgeToken}>
        {(params) => (
          <>
            <DocumentTitle title={`${appText.screenTitles.supporter} · ${appText.appName}`} />
            <Lazy>
              <JudgePadPage username={params.username} />
            </Lazy>
          </>
        )}
      </Route>
      <Route path={ROUTES.team}>
        <Working title={appText.screenTitles.team} roles={['team']}>
          <TeamPage />
        </Working>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
