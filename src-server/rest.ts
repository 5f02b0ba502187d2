/**
 * The contract's REST paths (docs/ARCHITECTURE.md, "The contract"), each a thin adapter over one tRPC procedure, so validation, roles and
 * behaviour are the procedures' own.
 */
import type { Context as HonoContext, Hono } from 'hono';
import { QUESTION_SETS } from '../src/constants';
import { messages } from '../src/messages';
import { resultsCsv } from './features/results/csv';
import { resultsXlsx } from './features/results/xlsx';
import { type CallerFor, type RestHandler, readJsonBody } from './http';
import { badRequest } from './errors';
import { RetryLater } from './features/vote/gate';
import { renderSVG } from 'uqr';

/** The body's fields with the path's set number, which the body cannot override. */
const withSet = async (c: Parameters<typeof readJsonBody>[0], set: number) => ({ ...(await readJsonBody(c)), set }) as never;
const body = async (c: Parameters<typeof readJsonBody>[0]) => (await readJsonBody(c)) as never;

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
  app.post(
    '/login',
    rest(async (caller, c) => caller.auth.login(await body(c))),
  );
  app.post(
    '/logout',
    rest((caller) => caller.auth.logout({})),
  );
  app.put(
    '/api/profile',
    rest(async (caller, c) => caller.profile.update(await body(c))),
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
    app.get(
      `/api/${name}/all`,
      rest((caller) => caller.questionSet.list({ set })),
    );
    app.get(
      `/api/${name}/:id`,
      rest((caller, c) => caller.questionSet.get({ set, _id: c.req.param('id') ?? '' })),
    );
    app.post(
      `/api/${name}`,
      rest(async (caller, c) => caller.questionSet.create(await withSet(c, set))),
    );
    app.put(
      `/api/${name}`,
      rest(async (caller, c) => caller.questionSet.update(await withSet(c, set))),
    );
    app.delete(
      `/api/${name}`,
      rest(async (caller, c) => caller.questionSet.remove(await withSet(c, set))),
    );
  });

  app.get(
    '/api/the-le/all',
    rest((caller) => caller.rules.all()),
  );
  app.post(
    '/api/the-le',
    rest(async (caller, c) => caller.rules.create(await body(c))),
  );
  app.put(
    '/api/the-le',
    rest(async (caller, c) => caller.rules.update(await body(c))),
  );
  app.delete(
    '/api/the-le',
    rest(async (caller, c) => caller.rules.remove(await body(c))),
  );

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
  app.get(
    '/api/user/all',
    rest((caller, c) => caller.user.all({ partial: ['1', 'true'].includes(c.req.query('partial') ?? '') })),
  );
  app.post(
    '/api/user',
    rest(async (caller, c) => caller.user.create(await body(c))),
  );
  app.put(
    '/api/user',
    rest(async (caller, c) => caller.user.update(await body(c))),
  );
  app.delete(
    '/api/user',
    rest(async (caller, c) => caller.user.remove(await body(c))),
  );

  app.get(
    '/api/team/all',
    rest((caller) => caller.team.all()),
  );
  app.post(
    '/api/team',
    rest(async (caller, c) => caller.team.create(await body(c))),
  );
  app.put(
    '/api/team',
    rest(async (caller, c) => caller.team.update(await body(c))),
  );
  app.delete(
    '/api/team',
    rest(async (caller, c) => caller.team.remove(await body(c))),
  );

  app.put(
    '/api/cham-thi/submit',
    rest(async (caller, c) => caller.scoring.submit(await body(c))),
  );
  app.post(
    '/api/cham-thi/admin-submit',
    rest(async (caller, c) => caller.scoring.adminSubmit(await body(c))),
  );
  app.post(
    '/api/cham-thi/admin-submit-all',
    rest(async (caller, c) => caller.scoring.adminSubmitAll(await body(c))),
  );

  app.get(
    '/api/results',
    rest(async (caller) => ({ items: (await caller.results.list()).items })),
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
  app.get(
    '/api/tie-break',
    rest((caller) => caller.ranking.tieBreak()),
  );
  app.put(
    '/api/tie-break',
    rest(async (caller, c) => caller.ranking.setTieBreak(await body(c))),
  );

  app.put(
    '/api/show',
    rest(async (caller, c) => caller.show.update(await body(c))),
  );

  // The audience vote: read (anyone; sets the ballot cookie), open or close (master, admin), cast
  // (anyone with the cookie, one per device, at a human rate per address).
  app.get(
    '/api/vote',
    rest((caller) => caller.vote.get()),
  );
  app.put(
    '/api/vote',
    rest(async (caller, c) => caller.vote.update(await body(c))),
  );
  const cast = rest(async (caller, c) => caller.vote.cast(await body(c)));
  app.post('/api/vote', async (c) => {
    try {
      return await cast(c);
    } catch (error) {
      // A ballot over its address's rate: the page comes back when the answer says (Retry-After).
      if (error instanceof RetryLater) c.header('Retry-After', String(error.retryAfterS));
      throw error;
    }
  });
  app.post(
    '/api/vote/award',
    rest(async (caller, c) => caller.vote.award(await body(c))),
  );
  // The address to vote at as a QR code, for the projector (black on white, a quiet zone around it).
  app.get('/api/vote/qr.svg', async (c) => {
    const { caller } = await callerFor(c);
    const { url } = await caller.vote.get();
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(renderSVG(url, { ecc: 'M', border: 2, pixelSize: 10 }));
  });

  app.get(
    '/api/score-field/all',
    rest((caller) => caller.scoreField.all()),
  );
  app.post(
    '/api/score-field',
    rest(async (caller, c) => caller.scoreField.create(await body(c))),
  );
  app.put(
    '/api/score-field',
    rest(async (caller, c) => caller.scoreField.update(await body(c))),
  );
  app.delete(
    '/api/score-field',
    rest(async (caller, c) => caller.scoreField.remove(await body(c))),
  );
}
