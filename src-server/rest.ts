/**
 * The contract's REST paths (docs/ARCHITECTURE.md, "The contract"), each a thin adapter over one tRPC procedure, so validation, roles and
 * behaviour are the procedures' own.
 */
import type { Hono, Context as HonoContext } from 'hono';
import { renderSVG } from 'uqr';
import { QUESTION_SETS } from '../src/constants';
import { messages } from '../src/messages';
import { badRequest } from './errors';
import { attachmentFor, questionSetXlsx, XLSX_CONTENT_TYPE } from './features/questionSet/export';
import { resultsCsv } from './features/results/csv';
import { resultsXlsx } from './features/results/xlsx';
import { RetryLater } from './features/vote/gate';
import { type CallerFor, type RestHandler, readJsonBody } from './http';

/** The body's fields with the path's set number, which the body cannot override. */
const withSet = async (c: Parameters<typeof readJsonBody>[0], set: number) => ({ ...(await readJsonBody(c)), set }) as never;

type Caller = Parameters<Parameters<RestHandler>[0]>[0];
type Procedure = (input: never) => Promise<unknown>;

/** The paths whose procedure takes the request's JSON body as its input, each as [method, path, procedure]. */
const BODY_ROUTES: [method: 'post' | 'put', path: string, pick: (caller: Caller) => Procedure][] = [
  ['post', '/login', (caller) => caller.auth.login],
  ['put', '/api/profile', (caller) => caller.profile.update],
  ['put', '/api/cham-thi/submit', (caller) => caller.scoring.submit],
  ['post', '/api/cham-thi/admin-submit', (caller) => caller.scoring.adminSubmit],
  ['post', '/api/cham-thi/admin-submit-all', (caller) => caller.scoring.adminSubmitAll],
  // The tie-break chain after the total (read: staff; set: admin).
  ['put', '/api/tie-break', (caller) => caller.ranking.setTieBreak],
  ['put', '/api/show', (caller) => caller.show.update],
  // The audience vote: open or close (master, admin), award.
  ['put', '/api/vote', (caller) => caller.vote.update],
  ['post', '/api/vote/award', (caller) => caller.vote.award],
  // Results locked: lock or unlock a round's, or the whole event's (admin).
  ['post', '/api/results/lock', (caller) => caller.results.lock],
  ['post', '/api/results/unlock', (caller) => caller.results.unlock],
  // The installation's events (admins): make one, rename, archive or reopen one, put one on stage.
  ['post', '/api/events', (caller) => caller.events.create],
  ['put', '/api/events', (caller) => caller.events.update],
  ['put', '/api/events/active', (caller) => caller.events.activate],
];

function positiveInt(text: string, field: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) throw badRequest(messages.invalidPageNumber, field);
  return value;
}

function download(c: HonoContext, data: string | Uint8Array, fileName: string, contentType: string): Response {
  c.header('Content-Type', contentType);
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  return c.body(data as never);
}

export function registerRestRoutes(app: Hono, rest: RestHandler, callerFor: CallerFor): void {
  /** A procedure with the request's JSON body as its input (with `set`, the path's set number, which the body cannot override). */
  const withBody = (pick: (caller: Caller) => Procedure, set?: number) =>
    rest(async (caller, c) => pick(caller)(set === undefined ? ((await readJsonBody(c)) as never) : await withSet(c, set)));
  /**
   * A collection: the whole at `${path}/all` (GET; by default the procedure `all`), create (POST), update (PUT) and remove (DELETE) at
   * the path, with `set` the path's set number.
   */
  const collection = (
    path: string,
    pick: (caller: Caller) => { all?: Procedure; create: Procedure; update: Procedure; remove: Procedure },
    list: Parameters<RestHandler>[0] = async (caller) => pick(caller).all?.(undefined as never),
    set?: number,
  ) => {
    app.get(`${path}/all`, rest(list));
    app.post(
      path,
      withBody((caller) => pick(caller).create, set),
    );
    app.put(
      path,
      withBody((caller) => pick(caller).update, set),
    );
    app.delete(
      path,
      withBody((caller) => pick(caller).remove, set),
    );
  };

  for (const [method, path, pick] of BODY_ROUTES) app[method](path, withBody(pick));
  app.post(
    '/logout',
    rest((caller) => caller.auth.logout({})),
  );

  // The contract's admin-only paths, before the generic /{id}.
  app.get(
    '/api/fw-question-3/admin/all',
    rest((caller) => caller.questionSet.adminList({ set: 3 })),
  );
  app.get(
    '/api/fw-question-5/admin/all',
    rest((caller) => caller.questionSet.adminList({ set: 5 })),
  );
  app.get(
    '/api/fw-question-5/admin/:id',
    rest((caller, c) => caller.questionSet.adminGet({ set: 5, _id: c.req.param('id') ?? '' })),
  );

  QUESTION_SETS.forEach((name, index) => {
    const set = index + 1;
    collection(
      `/api/${name}`,
      (caller) => caller.questionSet,
      (caller) => caller.questionSet.list({ set }),
      set,
    );
    app.get(
      `/api/${name}/:id`,
      rest((caller, c) => caller.questionSet.get({ set, _id: c.req.param('id') ?? '' })),
    );
  });

  // A set as the workbook a teacher edits and imports again (admins only: it holds the answers).
  app.get('/api/question-sets/:set/:id/export.xlsx', async (c) => {
    const { caller } = await callerFor(c);
    const set = c.req.param('set') ?? '';
    if (!/^[1-6]$/.test(set)) throw badRequest(messages.exportBadSet, 'set');
    const { item } = await caller.questionSet.adminGet({ set: Number(set), _id: c.req.param('id') ?? '' });
    c.header('Content-Type', XLSX_CONTENT_TYPE);
    c.header('Content-Disposition', attachmentFor(item.title));
    c.header('Cache-Control', 'no-store');
    return c.body(await questionSetXlsx(item));
  });

  collection('/api/the-le', (caller) => caller.rules);

  app.get(
    '/api/user/page/:pageNumber/:pageSize',
    rest(async (caller, c) => {
      const pageNumber = positiveInt(c.req.param('pageNumber') ?? '', 'pageNumber');
      const pageSize = positiveInt(c.req.param('pageSize') ?? '', 'pageSize');
      let condition: unknown = {};
      const raw = c.req.query('condition');
      if (raw) {
        try {
          condition = JSON.parse(raw);
        } catch {
          throw badRequest(messages.invalidCondition, 'condition');
        }
      }
      return caller.user.page({ pageNumber, pageSize, condition: condition as never });
    }),
  );
  collection(
    '/api/user',
    (caller) => caller.user,
    (caller, c) => caller.user.all({ partial: ['1', 'true'].includes(c.req.query('partial') ?? '') }),
  );
  collection('/api/team', (caller) => caller.team);
  // The installation's events (contests), admins only: `{ items }` like the collections' lists.
  app.get(
    '/api/events',
    rest((caller) => caller.events.list()),
  );
  app.delete(
    '/api/events',
    withBody((caller) => caller.events.remove),
  );

  app.get(
    '/api/results',
    rest(async (caller) => ({ items: (await caller.results.list()).items })),
  );
  app.get(
    '/api/results/locks',
    rest((caller) => caller.results.locks()),
  );
  app.get('/api/results.xlsx', async (c) => {
    const { caller, settings } = await callerFor(c);
    const data = await resultsXlsx(await caller.results.list(), messages.results.exportTitle(settings.name));
    return download(c, data, 'ket-qua.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
  app.get('/api/results.csv', async (c) => {
    const { caller } = await callerFor(c);
    return download(c, resultsCsv(await caller.results.list()), 'ket-qua.csv', 'text/csv; charset=utf-8');
  });

  // The tie-break chain after the total (read: staff; set: admin).
  // The tie-break chain after the total (read: staff; set: admin).
  app.get(
    '/api/tie-break',
    rest((caller) => caller.ranking.tieBreak()),
  );

  // The audience vote: read (anyone; sets the ballot cookie), open or close (master, admin), cast
  // (anyone with the cookie, one per device, at a human rate per address).
  app.get(
    '/api/vote',
    rest((caller) => caller.vote.get()),
  );
  const cast = withBody((caller) => caller.vote.cast);
  app.post('/api/vote', async (c) => {
    try {
      return await cast(c);
    } catch (error) {
      // A ballot over its address's rate: the page comes back when the answer says (Retry-After).
      if (error instanceof RetryLater) c.header('Retry-After', String(error.retryAfterS));
      throw error;
    }
  });
  // The address to vote at as a QR code, for the projector (black on white, a quiet zone around it).
  app.get('/api/vote/qr.svg', async (c) => {
    const { caller } = await callerFor(c);
    const { url } = await caller.vote.get();
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(renderSVG(url, { ecc: 'M', border: 2, pixelSize: 10 }));
  });

  collection('/api/score-field', (caller) => caller.scoreField);
}
