/**
 * What each app route's first screen loads lazily, listed in its page as `<link rel="modulepreload">`
 * and style preloads, so a phone fetches the screen beside the app's entry instead of after it. The
 * build writes the files of every lazy module (CHUNK_FILES_NAME, vite.config.ts); this table names the
 * modules a route renders first (src-client/routes.tsx): its frame and its screen.
 */
import { QUESTION_SETS } from './constants';
import { compileRoute, questionSetRoutes, ROUTES } from './routes';

/** Beside index.html in the built client. */
export const CHUNK_FILES_NAME = 'chunk-files.json';

/** Per lazy module (its path from the project's root), the files it loads beyond the entry's. */
export type ChunkFiles = Record<string, { scripts: string[]; styles: string[] }>;

const SCREEN_SHELL = 'src-client/components/ScreenShell.tsx';
const ADMIN_SHELL = 'src-client/components/AdminShell.tsx';
const page = (name: string) => `src-client/pages/${name}.page.tsx`;

const ROUTE_MODULES: [string, string[]][] = [
  [ROUTES.home, [page('Home')]],
  [ROUTES.login, [page('Login')]],
  [ROUTES.master, [SCREEN_SHELL, page('Master')]],
  [ROUTES.supporter, [page('JudgePad')]],
  [ROUTES.judgeToken, [page('JudgePad')]],
  [ROUTES.team, [SCREEN_SHELL, page('Team')]],
  [ROUTES.users, [ADMIN_SHELL, page('Users')]],
  [ROUTES.dashboard, [ADMIN_SHELL, page('Dashboard')]],
  [ROUTES.members, [ADMIN_SHELL, page('Members')]],
  [ROUTES.rules, [ADMIN_SHELL, page('Rules')]],
  ...QUESTION_SETS.flatMap((_, index) =>
    Object.values(questionSetRoutes(index + 1)).map((route): [string, string[]] => [route, [ADMIN_SHELL, page('QuestionSet')]]),
  ),
];

/** The calls (without input) whose answers the server can write into a page; src-server/app.ts runs them. */
export type PageQuery = 'settings.get' | 'show.mine' | 'scoreField.all' | 'scoring.list';

/**
 * What each screen reads as it mounts, answered in its page with the session of the page's request,
 * so the first picture is whole: no second render as each answer lands, no dock that jumps.
 */
const ROUTE_QUERIES: [string, PageQuery[]][] = [
  [ROUTES.team, ['settings.get', 'show.mine']],
  [ROUTES.supporter, ['scoreField.all', 'settings.get', 'scoring.list']],
];
const compiledQueries = ROUTE_QUERIES.map(([route, queries]) => ({ pattern: compileRoute(route).pattern, queries }));

/** The calls whose answers the page at `path` carries. */
export function routeQueries(path: string): PageQuery[] {
  return compiledQueries.find((route) => route.pattern.test(path))?.queries ?? [];
}

/** The TanStack Query key tRPC gives a call without input (@trpc/tanstack-react-query's `queryKey()`). */
export const pageQueryKey = (query: PageQuery) => [query.split('.'), { type: 'query' }] as const;

const compiledRoutes = ROUTE_MODULES.map(([route, modules]) => ({ pattern: compileRoute(route).pattern, modules }));

/** The modules the route at `path` renders first; none for a path that is no app route. */
export function routeModules(path: string): string[] {
  return compiledRoutes.find((route) => route.pattern.test(path))?.modules ?? [];
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<link>` tags for the page at `path`; '' when no route matches or the build listed nothing. */
export function preloadLinks(files: ChunkFiles, path: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const module of routeModules(path)) {
    for (const script of files[module]?.scripts ?? []) scripts.add(script);
    for (const style of files[module]?.styles ?? []) styles.add(style);
  }
  return [
    ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...[...styles].map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
  ].join('');
}
