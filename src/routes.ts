/**
 * The screens' routes, once for the server and the client. Every route matches exactly: the case
 * counts and a trailing slash is another path, so `/USER` and `/user/` are not found. The server
 * answers 404 for a page path outside this table; the client shows its not-found screen.
 */
import { QUESTION_SETS } from './constants';

export const ROUTES = {
  home: '/',
  login: '/login',
  screen: '/screen',
  screen2: '/screen2',
  master: '/master',
  preview: '/preview',
  supporter: '/supporter',
  judgeToken: '/giam-kham-token/:username',
  team: '/team',
  users: '/user',
  dashboard: '/user/dashboard',
  events: '/user/events',
  members: '/user/member',
  rules: '/user/the-le',
  certificates: '/user/certificates',
} as const;

/** The projectors and their preview: served by the client's lean projector entry (screen.html), not the app's. */
export const PROJECTOR_ROUTES: readonly string[] = [ROUTES.screen, ROUTES.screen2, ROUTES.preview];

/** The list and the detail route of question set `setNumber` (1..6). */
export function questionSetRoutes(setNumber: number): { list: string; detail: string } {
  const name = QUESTION_SETS[setNumber - 1];
  if (!name) throw new RangeError(`No question set ${setNumber}`);
  return { list: `/user/${name}`, detail: `/user/${name}/:_id` };
}

/** Every route pattern of the app. */
export const ROUTE_PATTERNS: readonly string[] = [
  ...Object.values(ROUTES),
  ...QUESTION_SETS.flatMap((_, index) => Object.values(questionSetRoutes(index + 1))),
];

export interface CompiledRoute {
  pattern: RegExp;
  keys: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiles a pattern made of literal segments, `:name` parameters and a final `*` into an exact, case-sensitive
 * matcher. `loose` (for routes that nest others) also matches the pattern's sub-paths. This is the
 * client router's parser, so both sides match alike.
 */
export function compileRoute(route: string, loose = false): CompiledRoute {
  const keys: string[] = [];
  const source = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      // `*` is the router's catch-all (a <Route> without a path): anything below.
      if (segment === '*') {
        keys.push('*');
        return '/(.*)';
      }
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      keys.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source || '/'}${loose ? '(?=$|/)' : '$'}`), keys };
}

const compiled = ROUTE_PATTERNS.map((route) => compileRoute(route).pattern);

/** Whether `path` (without query or hash) is one of the app's screens. */
export function isAppRoute(path: string): boolean {
  return compiled.some((pattern) => pattern.test(path));
}
