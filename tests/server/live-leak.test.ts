/**
 * The audience gets only what the master has put on screen: the raw websocket frames of an
 * anonymous screen and of a team's phone, and GET /api/state for both, are read through a whole
 * question; nothing of the question (content, options, answer) arrives before the phase shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashPassword } from '../../src-server/features/auth/password';
import { type RunningServer, startServer } from '../../src-server/server';
import { insertAccounts } from '../helpers/accounts';
import { jsonCall, loginAt } from '../helpers/http';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const CONTENT = 'NỘI-DUNG-BÍ-MẬT-7731';
const OPTIONS = ['PHƯƠNG-ÁN-MỘT-5519', 'PHƯƠNG-ÁN-HAI-8842'];
const ANSWER = 'ĐÁP-ÁN-KÍN-2207';
const MEDIA = 'https://cdn.example.org/anh-cau-hoi.jpg';

let database: TestDatabase;
let server: RunningServer;
let base: string;
let admin = '';
let teamCookie = '';
let setId = '';
let questionId = '';
const sockets: WebSocket[] = [];

const post = (path: string, body: unknown, cookie: string, method = 'POST') => jsonCall(base, cookie, method, path, body);
const login = (username: string, password: string) => loginAt(base, username, password);

/** A raw websocket subscribed to system.join, keeping every frame exactly as it arrived. */
async function rawSubscriber(cookie?: string): Promise<{ frames: string[] }> {
  const frames: string[] = [];
  const socket = new WebSocket(`${base.replace('http', 'ws')}/trpc`, cookie ? { headers: { cookie } } : {});
  sockets.push(socket);
  socket.on('message', (data) => frames.push(String(data)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'system.join', input: {} } }));
  await expect.poll(() => frames.some((f) => f.includes('"type":"teams"'))).toBe(true);
  return { frames };
}

const stateText = async (cookie?: string) => (await fetch(`${base}/api/state`, { headers: cookie ? { cookie } : {} })).text();
const trpcStateText = async (cookie?: string) => (await fetch(`${base}/trpc/system.state`, { headers: cookie ? { cookie } : {} })).text();
const leaks = (text: string, secrets: string[]) => secrets.filter((secret) => text.includes(secret));

beforeAll(async () => {
  database = await createTestDatabase();
  const config = serverConfig();
  server = await startServer(config, { database: database.handle, log: () => {} });
  base = `http://127.0.0.1:${server.port}`;
  admin = await login('admin', 'mat-khau-admin-1');
  const teamId = (await post('/api/team', { data: { name: 'Đội Ba Đình' } }, admin)).item._id;
  await insertAccounts(database.handle.db, [
    { username: 'doibadinh', role: 'team', password_hash: await hashPassword('mat-khau-123'), team_id: teamId },
  ]);
  teamCookie = await login('doibadinh', 'mat-khau-123');
  const set = await post(
    '/api/fw-question',
    {
      data: {
        title: 'Bộ 1',
        items: [{ content: CONTENT, options: OPTIONS, answer: ANSWER, media: { kind: 'image', url: MEDIA }, point: 10, timeLimit: 30 }],
      },
    },
    admin,
  );
  setId = set.item._id;
  questionId = set.item.items[0].id;
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await server.close();
  await database.drop();
});

describe('what the audience receives before a question is shown', () => {
  it('carries no text of a selected question in frames or state until the phase shows it', async () => {
    const anonymous = await rawSubscriber();
    const team = await rawSubscriber(teamCookie);
    const move = (changes: object) => post('/api/show', { changes }, admin, 'PUT');
    const everything = [CONTENT, ...OPTIONS, ANSWER];
    const readAll = async () => [
      ...anonymous.frames,
      ...team.frames,
      await stateText(),
      await stateText(teamCookie),
      await trpcStateText(),
      await trpcStateText(teamCookie),
    ];

    // The master selects the question while the audience still sees the scoreboard.
    await move({ phase: 'scoreboard' });
    const selected = await move({ fw: 1, setId, questionId });
    expect(selected.system.question.content).toBe(CONTENT); // the console itself sees it
    await expect.poll(() => anonymous.frames.filter((f) => f.includes(`"version":${selected.system.version}`)).length).toBe(1);
    await expect.poll(() => team.frames.filter((f) => f.includes(`"version":${selected.system.version}`)).length).toBe(1);
    const beforeShown = await readAll();
    expect(beforeShown.flatMap((text) => leaks(text, everything))).toEqual([]);
    // The projector can still fetch the media ahead, by address only.
    const publicState = JSON.parse(await stateText());
    expect(publicState.system.question).toBeNull();
    expect(publicState.system.nextMedia).toEqual({ kind: 'image', url: MEDIA });

    // A round card or a blank stage does not show it either.
    await move({ phase: 'round' });
    await move({ phase: 'blank' });
    expect((await readAll()).flatMap((text) => leaks(text, everything))).toEqual([]);

    // Shown: content and options, still no answer.
    const shown = await move({ phase: 'question' });
    await expect.poll(() => anonymous.frames.some((f) => f.includes(`"version":${shown.system.version}`))).toBe(true);
    await expect.poll(() => team.frames.some((f) => f.includes(`"version":${shown.system.version}`))).toBe(true);
    const duringQuestion = await readAll();
    expect(duringQuestion.flatMap((text) => leaks(text, [ANSWER]))).toEqual([]);
    for (const source of [anonymous.frames.at(-1)!, team.frames.at(-1)!, await stateText(), await stateText(teamCookie)]) {
      expect(leaks(source, [CONTENT, ...OPTIONS])).toEqual([CONTENT, ...OPTIONS]);
    }

    // Revealed: the answer arrives.
    const revealed = await move({ phase: 'answer' });
    await expect
      .poll(() => anonymous.frames.some((f) => f.includes(`"version":${revealed.system.version}`) && f.includes(ANSWER)))
      .toBe(true);
    await expect.poll(() => team.frames.some((f) => f.includes(`"version":${revealed.system.version}`) && f.includes(ANSWER))).toBe(true);
    expect(await stateText()).toContain(ANSWER);
  });

  it('gives a screen that joins while a question is only selected a snapshot without it', async () => {
    await post('/api/show', { changes: { phase: 'scoreboard', questionId: null } }, admin, 'PUT');
    await post('/api/show', { changes: { fw: 1, setId, questionId } }, admin, 'PUT');
    const anonymous = await rawSubscriber();
    const team = await rawSubscriber(teamCookie);
    expect([...anonymous.frames, ...team.frames].flatMap((text) => leaks(text, [CONTENT, ...OPTIONS, ANSWER]))).toEqual([]);
    expect(anonymous.frames.join('')).toContain(MEDIA);
  });
});
