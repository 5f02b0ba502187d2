/**
 * The HTML pages, written into as they are served so that a screen's first paint waits for no second
 * round trip: the app's index.html carries its route's chunk preloads, the system state and the
 * answers of the calls the screen makes as it mounts; the ballot's lean page carries the event's name
 * and this device's vote. The projectors' screen.html and the static files are served as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, Context as HonoContext } from 'hono';
import { BALLOT_PAGE_ELEMENT_ID, type BallotPageData } from '../src/ballotPage';
import { INITIAL_STATE_ELEMENT_ID, PAGE_QUERIES_ELEMENT_ID } from '../src/constants';
import { messages } from '../src/messages';
import { CHUNK_FILES_NAME, type ChunkFiles, type PageQuery, preloadLinks, routeQueries } from '../src/routePreloads';
import { isAppRoute, PROJECTOR_ROUTES } from '../src/routes';
import type { AppDeps, Context } from './context';
import { readSystemStateJson } from './features/live/router';
import type { Caller } from './http';
import { createCaller } from './router';

/** The build's list of each lazy module's files (vite.config.ts); none when the client was built without it. */
function chunkFilesReader(file: string): () => ChunkFiles {
  // Every page asks for it: parsed once per build (a rebuild changes the file's time), not per request.
  let cached: { mtimeMs: number; files: ChunkFiles } | null = null;
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, files: JSON.parse(fs.readFileSync(file, 'utf8')) as ChunkFiles };
      return cached.files;
    } catch {
      return {};
    }
  };
}

const PAGE_QUERY_CALLS: Record<PageQuery, (caller: Caller) => Promise<unknown>> = {
  'settings.get': (caller) => caller.settings.get(),
  'show.mine': (caller) => caller.show.mine(),
  'scoreField.all': (caller) => caller.scoreField.all(),
  'scoring.list': (caller) => caller.scoring.list(),
};

/**
 * The answers a page carries. A call the session may not make is left out: the screen makes it
 * itself and shows the refusal as it always does.
 */
async function pageAnswers(caller: Caller, queries: PageQuery[]): Promise<Partial<Record<PageQuery, unknown>>> {
  const answers: Partial<Record<PageQuery, unknown>> = {};
  await Promise.all(
    queries.map(async (query) => {
      try {
        answers[query] = await PAGE_QUERY_CALLS[query](caller);
      } catch {
        // Refused or failed: not written into the page.
      }
    }),
  );
  return answers;
}

/** JSON inside a `<script>` element: no `<` can end the element early (`\u003c` reads back the same). */
const jsonForHtml = (json: string) => json.replace(/</g, '\\u003c');

/** `head` written in before `</head>`, with the cookies the calls behind it set. */
function pageWith(c: HonoContext, html: string, head: string, resHeaders: Headers): Response {
  const response = c.html(html.replace('</head>', `${head}</head>`), 200);
  for (const [key, value] of resHeaders) response.headers.append(key, value);
  return response;
}

/**
 * The SPA: real files first, then index.html: 200 for the app's routes (any name or id in a route's
 * parameter, so nothing can be probed), 404 for any other path (the page shows not found). The
 * projectors and their preview have a lean page of their own, screen.html.
 */
export function registerPages(app: Hono, deps: AppDeps, contextFor: (c: HonoContext, resHeaders: Headers) => Promise<Context>): void {
  const { clientDir } = deps.config;
  const indexFile = path.join(clientDir, 'index.html');
  const screenFile = path.join(clientDir, 'screen.html');
  const ballotFile = path.join(clientDir, 'ballot.html');

  // While the audience vote is open, / is the ballot's own lean page (ballot.html: React only, its
  // chunks preloaded by the build, no web font), carrying the event's name and this device's
  // GET /api/vote answer, so a phone shows the teams with its first paint. Once the vote is over, a
  // reload gets the app's home again.
  app.get('/', async (c, next) => {
    const vote = deps.hub.live.votes.vote();
    const open = vote?.open === true && (vote.closesAt === null || vote.closesAt > Date.now());
    if (!open || !fs.existsSync(ballotFile)) return next();
    const resHeaders = new Headers();
    const answer = await createCaller(await contextFor(c, resHeaders)).vote.get();
    const data: BallotPageData = { eventName: deps.hub.live.stage.system('public').event.name, answer };
    const head = `<script type="application/json" id="${BALLOT_PAGE_ELEMENT_ID}">${jsonForHtml(JSON.stringify(data))}</script>`;
    return pageWith(c, fs.readFileSync(ballotFile, 'utf8'), head, resHeaders);
  });

  // The build writes .br and .gz copies beside each text file; the browser's Accept-Encoding picks one.
  app.use('*', serveStatic({ root: clientDir, precompressed: true }));
  const chunkFiles = chunkFilesReader(path.join(clientDir, CHUNK_FILES_NAME));
  app.get('*', async (c) => {
    const projector = PROJECTOR_ROUTES.includes(c.req.path);
    const file = projector ? screenFile : indexFile;
    if (!fs.existsSync(file)) return c.text(messages.clientNotBuilt, 503);
    const html = fs.readFileSync(file, 'utf8');
    if (projector || !isAppRoute(c.req.path)) return c.html(html, projector ? 200 : 404);
    // An app screen's page carries what its first picture needs, so a phone waits for no second
    // round: the route's lazy chunks as preloads, the system state as /api/state would answer it, and
    // the answers of the calls the screen makes as it mounts, read with this request's session.
    const resHeaders = new Headers();
    const context = await contextFor(c, resHeaders);
    const state = readSystemStateJson(deps.hub.live, context.user, true);
    const answers = await pageAnswers(createCaller(context), routeQueries(c.req.path));
    const head =
      preloadLinks(chunkFiles(), c.req.path) +
      `<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">${jsonForHtml(state)}</script>` +
      `<script type="application/json" id="${PAGE_QUERIES_ELEMENT_ID}">${jsonForHtml(JSON.stringify(answers))}</script>`;
    return pageWith(c, html, head, resHeaders);
  });
}
