/**
 * A NUL character (which PostgreSQL cannot store in text) anywhere in a request is a 400 naming the
 * field, never a 500: in JSON bodies, in REST path parameters, in tRPC input, and in /media/:id.
 */
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app-for-file';

const t = testAppForFile({ staff: ['admin'] });

const NUL = '\u0000';

describe('a NUL character', () => {
  const cases: [string, string, string, unknown, string][] = [
    ['login username', 'POST', '/login', { username: `ad${NUL}min`, password: 'x' }, 'username'],
    ['login password', 'POST', '/login', { username: 'admin', password: `x${NUL}` }, 'password'],
    ['a DELETE id', 'DELETE', '/api/team', { _id: `a${NUL}b` }, '_id'],
    [
      'a nested field',
      'POST',
      '/api/team',
      { data: { name: 'Đội', members: [{ fullName: `A${NUL}`, note: '' }] } },
      'data.members.0.fullName',
    ],
    ['a rule', 'POST', '/api/the-le', { data: { title: `T${NUL}`, content: 'x', order: 1 } }, 'data.title'],
  ];
  for (const [what, method, path, body, field] of cases) {
    it(`in ${what} answers 400 naming ${field}`, async () => {
      const res = await t.request(method, path, { body, cookie: t.cookies.admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.field).toBe(field);
    });
  }

  it('in a REST path parameter answers 400', async () => {
    const res = await t.request('GET', '/api/fw-question/a%00b', { cookie: t.cookies.admin });
    expect(res.status).toBe(400);
  });

  it('in a /media/:id answers 400', async () => {
    const res = await t.request('GET', '/media/x%00y');
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('id');
  });

  it('in tRPC input over HTTP answers 400 naming the field', async () => {
    const input = encodeURIComponent(JSON.stringify({ set: 1, _id: `x${NUL}` }));
    const res = await t.request('GET', `/trpc/questionSet.get?input=${input}`, { cookie: t.cookies.admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error.data.field).toBe('_id');
  });
});
