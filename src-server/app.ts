/**
 * The Hono app, assembled: GET /api/state ahead of everything, the security headers and the Origin
 * check (`security.ts`), body limits, tRPC over HTTP at /trpc, the contract's REST paths (thin
 * adapters over the same procedures), the media routes, JSON 404s under /api, and the pages
 * (`pages.ts`).
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono, type Context as HonoContext } from 'hono';
import { getCookie } from 'hono/cookie';
import { messages } from '../src/messages';
import { limitBodies } from './body-limit';
import { type CliTokenRequest, cliTokenOf } from './cli-token';
import { type AppDeps, createContext } from './context';
import { AppError, describeError } from './errors';
import { findSession } from './features/auth/sessions';
import { registerCertificateRoutes } from './features/certificates/rest';
import { registerEventBackupRoutes } from './features/events/backup-routes';
import { readSystemStateJson } from './features/live/router';
import { registerMediaRoutes } from './features/media/routes';
import type { CallerFor, RestHandler } from './http';
import { registerPages } from './pages';
import { clientIp, isSecure, requestOrigin } from './request';
import { registerRestRoutes } from './rest';
import { appRouter, createCaller } from './router';
import { policyForRequest, STATE_HEADERS, sameOriginAndPolicies, securityHeaders } from './security';

/** The most calls one HTTP request may batch (`/trpc/a,b?batch=1`); the app's own client sends one. */
export const MAX_HTTP_BATCH = 10;

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const { config } = deps;
  const policyFor = policyForRequest(config);

  const contextFor = (c: HonoContext, resHeaders: Headers, cli: CliTokenRequest | null = null) =>
    createContext(deps, {
      cookie: c.req.header('cookie'),
      ip: clientIp(c, config.trustProxy),
      secure: isSecure(c, config.trustProxy),
      resHeaders,
      origin: requestOrigin(c, config.trustProxy),
      cli,
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
    return c.body(readSystemStateJson(deps.hub.live, found?.user ?? null), 200, {
      ...STATE_HEADERS,
      'Content-Security-Policy': policyFor(c),
    });
  });

  app.onError((error, c) => {
    const { status, body } = describeError(error, `${c.req.method} ${c.req.path} ${clientIp(c, config.trustProxy)}`);
    c.header('Cache-Control', 'no-store');
    return c.json(body, status as 400);
  });

  app.use('*', securityHeaders);
  app.use('*', sameOriginAndPolicies(config, policyFor));
  registerEventBackupRoutes(app, deps); // ahead of the body limits: a restore has its own
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
      // A command-line tool on this machine may call as the admin (`cli-token.ts`).
      createContext: ({ resHeaders }) => contextFor(c, resHeaders, cliTokenOf(c, config.trustProxy)),
    });
  });

  const callerFor: CallerFor = async (c) => {
    const ctx = await contextFor(c, new Headers());
    const caller = createCaller(ctx);
    return { caller, settings: (await caller.settings.get()).settings, db: ctx.db };
  };
  registerRestRoutes(app, rest, callerFor);
  registerCertificateRoutes(app, callerFor);

  registerMediaRoutes(app, deps);

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', messages.apiNotFound);
  });

  registerPages(app, deps, contextFor);

  return app;
}
