/**
 * The Hono app: security headers, the Origin check, tRPC over HTTP at /trpc, the contract's REST paths
 * (thin adapters over the same procedures), JSON 404s under /api, and the built SPA.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { type Context as HonoContext, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { secureHeaders } from 'hono/secure-headers';
import { BALLOT_PAGE_ELEMENT_ID, type BallotPageData } from '../src/ballotPage';
import { messages } from '../src/messages';
import { INITIAL_STATE_ELEMENT_ID, PAGE_QUERIES_ELEMENT_ID } from '../src/constants';
import { CHUNK_FILES_NAME, type ChunkFiles, type PageQuery, preloadLinks, routeQueries } from '../src/routePreloads';
import { isAppRoute, PROJECTOR_ROUTES } from '../src/routes';
import { type AppDeps, createContext } from './context';
import { findSession } from './features/auth/sessions';
import { readSystemStateJson } from './features/system/router';
import { AppError, describeError } from './errors';
import { originMatches, type RequestSite, trustedClientIp } from './proxy';
import { limitBodies } from './body-limit';
import { registerMediaRoutes } from './features/media/routes';
import type { CallerFor, RestHandler } from './http';
import { registerRestRoutes } from './rest';
import { appRouter, createCaller } from './router';

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

type Caller = ReturnType<typeof createCaller>;
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

/** The most calls one HTTP request may batch (`/trpc/a,b?batch=1`); the app's own client sends one. */
export const MAX_HTTP_BATCH = 10;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The websocket form of an origin: http → ws, https → wss. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The CSP. Scripts may connect only to this site: 'self' plus the explicit ws:// or wss:// form of
 * the request's origin and of PUBLIC_URL's (older Safari does not match websockets to 'self').
 */
export function contentSecurityPolicy(siteOrigins: string[]): string {
  const sockets = [...new Set(siteOrigins.map(socketOrigin))].join(' ');
  return CSP_PARTS.map((part) => (part.startsWith('connect-src') ? `connect-src 'self' ${sockets}`.trim() : part)).join('; ');
}

const CSP_PARTS = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine injects its CSS variables in <style> tags.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

function clientIp(c: HonoContext, trustProxy: boolean): string {
  return trustedClientIp(c.req.header('x-forwarded-for'), (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress, trustProxy);
}

function requestSite(c: HonoContext): RequestSite {
  return {
    protocol: new URL(c.req.url).protocol,
    host: c.req.header('host'),
    forwardedProto: c.req.header('x-forwarded-proto'),
    forwardedHost: c.req.header('x-forwarded-host'),
  };
}

function isSecure(c: HonoContext, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto') === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

function requestOrigin(c: HonoContext, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const host = (trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host') || url.host;
  const protocol = isSecure(c, trustProxy) ? 'https:' : url.protocol;
  return `${protocol}//${host}`;
}

/**
 * Same-origin writes only: the Origin header, when a browser sends one, must be this site, scheme,
 * host and port alike; forwarded headers count only behind a trusted proxy.
 */
export function isCrossOrigin(c: HonoContext, publicUrl: string | null, trustProxy: boolean): boolean {
  const origin = c.req.header('origin');
  if (!origin) return c.req.header('sec-fetch-site') === 'cross-site';
  return !originMatches(origin, requestSite(c), trustProxy, publicUrl);
}

/**
 * What the general middleware below (secure headers, no-store, the CSP) puts on every answer, spelt
 * out for GET /api/state, which answers ahead of it; a test holds the two equal.
 */
const STATE_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=UTF-8',
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const { config } = deps;

  // One policy per site name the requests use (a handful in a hall), built once each.
  const policies = new Map<string, string>();
  const cspFor = (c: HonoContext) => {
    const key = `${c.req.header('host')}|${config.trustProxy ? `${c.req.header('x-forwarded-host')}|${c.req.header('x-forwarded-proto')}` : ''}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicy([
        requestOrigin(c, config.trustProxy),
        ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
      ]);
      if (policies.size > 100) policies.clear();
      policies.set(key, policy);
    }
    return policy;
  };

  const contextFor = (c: HonoContext, resHeaders: Headers) =>
    createContext(deps, {
      cookie: c.req.header('cookie'),
      ip: clientIp(c, config.trustProxy),
      secure: isSecure(c, config.trustProxy),
      resHeaders,
      origin: requestOrigin(c, config.trustProxy),
    });

  /** A REST path: build the caller for this request, run one procedure, answer its result as JSON. */
  const rest: RestHandler = (run) => async (c) => {
    const resHeaders = new Headers();
    const caller = createCaller(await contextFor(c, resHeaders));
    const result = await run(caller, c);
    const response = c.json(result as object);
    for (const [key, value] of resHeaders) response.headers.append(key, value);
    return response;
  };

  // The read every screen repeats, answered before the general middleware: the same answer as
  // system.state, from text serialised once per change, with the headers every answer carries.
  app.get('/api/state', async (c) => {
    const found = await findSession(deps.db, getCookie(c, config.cookieName) ?? null, deps.sessions);
    return c.body(readSystemStateJson(deps.hub.live, found?.user ?? null), 200, { ...STATE_HEADERS, 'Content-Security-Policy': cspFor(c) });
  });

  app.onError((error, c) => {
    const { status, body } = describeError(error, `${c.req.method} ${c.req.path} ${clientIp(c, config.trustProxy)}`);
    c.header('Cache-Control', 'no-store');
    return c.json(body, status as 400);
  });

  // Security headers after the answer is known: a hashed asset (a script, style, font or picture
  // that is no document) keeps the two that act on it, nosniff and the resource policy, and leaves
  // the document-only ones out: a screen loads twenty such files over the hall's HTTP/1.1 Wi-Fi.
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: undefined,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'SAMEORIGIN',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    // Halls run on plain HTTP over the local network; HSTS would lock phones out.
    strictTransportSecurity: false,
  });
  const assetHeaders = secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const answered = async () => {};
  app.use('*', async (c, next) => {
    await next();
    const hashedAsset = c.req.path.startsWith('/assets/') && c.res.status === 200;
    await (hashedAsset ? assetHeaders : documentHeaders)(c, answered);
  });
  app.use('*', async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && isCrossOrigin(c, config.publicUrl, config.trustProxy)) {
      throw new AppError('FORBIDDEN', messages.crossOrigin);
    }
    await next();
    // Hashed assets are cached for good (a new build has new names); every other answer is live data.
    const hashedAsset = c.req.path.startsWith('/assets/') && c.res.status === 200;
    c.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-store');
    // The policy governs documents (and workers); on a script, style or font it does nothing, and
    // its half a kilobyte on each of a screen's files is what a phone on the hall's Wi-Fi pays.
    if (!hashedAsset) c.header('Content-Security-Policy', cspFor(c));
  });
  app.use('*', limitBodies(deps));

  app.all('/trpc/*', (c) => {
    // The app's own client sends no HTTP batches: a batch of more than a few calls is refused before
    // any of them runs or its input is read.
    if (c.req.query('batch') === '1' && c.req.path.split(',').length > MAX_HTTP_BATCH) {
      deps.refusals.record('batch', clientIp(c, config.trustProxy));
      throw new AppError('BAD_REQUEST', messages.batchTooLarge(MAX_HTTP_BATCH), 'batch');
    }
    return fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      maxBatchSize: MAX_HTTP_BATCH,
      createContext: ({ resHeaders }) => contextFor(c, resHeaders),
    });
  });

  const callerFor: CallerFor = async (c) => {
    const caller = createCaller(await contextFor(c, new Headers()));
    return { caller, settings: (await caller.settings.get()).settings };
  };
  registerRestRoutes(app, rest, callerFor);

  registerMediaRoutes(app, deps);

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', messages.apiNotFound);
  });

  // The SPA: real files first, then index.html: 200 for the app's routes (any name or id in a
  // route's parameter, so nothing can be probed), 404 for any other path (the page shows not found).
  // The projectors and their preview have a lean page of their own, screen.html.
  const indexFile = path.join(config.clientDir, 'index.html');
  const screenFile = path.join(config.clientDir, 'screen.html');
  const ballotFile = path.join(config.clientDir, 'ballot.html');

  // While the audience vote is open, / is the ballot's own lean page (ballot.html: React only, its
  // chunks preloaded by the build, no web font), carrying the event's name and this device's
  // GET /api/vote answer, so a phone shows the teams with its first paint. Once the vote is over, a
  // reload gets the app's home again.
  app.get('/', async (c, next) => {
    const vote = deps.hub.live.vote();
    const open = vote?.open === true && (vote.closesAt === null || vote.closesAt > Date.now());
    if (!open || !fs.existsSync(ballotFile)) return next();
    const resHeaders = new Headers();
    const answer = await createCaller(await contextFor(c, resHeaders)).vote.get();
    const data: BallotPageData = { eventName: deps.hub.live.system('public').event.name, answer };
    const head = `<script type="application/json" id="${BALLOT_PAGE_ELEMENT_ID}">${jsonForHtml(JSON.stringify(data))}</script>`;
    const response = c.html(fs.readFileSync(ballotFile, 'utf8').replace('</head>', `${head}</head>`), 200);
    for (const [key, value] of resHeaders) response.headers.append(key, value);
    return response;
  });

  // The build writes .br and .gz copies beside each text file; the browser's Accept-Encoding picks one.
  app.use('*', serveStatic({ root: config.clientDir, precompressed: true }));
  const chunkFiles = chunkFilesReader(path.join(config.clientDir, CHUNK_FILES_NAME));
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
    const state = readSystemStateJson(deps.hub.live, context.user);
    const answers = await pageAnswers(createCaller(context), routeQueries(c.req.path));
    const head =
      preloadLinks(chunkFiles(), c.req.path) +
      `<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">${jsonForHtml(state)}</script>` +
      `<script type="application/json" id="${PAGE_QUERIES_ELEMENT_ID}">${jsonForHtml(JSON.stringify(answers))}</script>`;
    const response = c.html(html.replace('</head>', `${head}</head>`), 200);
    for (const [key, value] of resHeaders) response.headers.append(key, value);
    return response;
  });

  return app;
}
