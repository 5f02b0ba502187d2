/**
 * A team's answer records one event carrying that answer alone (not the question's whole list, which
 * grew with every answer: quadratic in a hall answering at once), and the live picture places it in
 * the list exactly where a fresh read puts it (by time, then team), equal times included, so no
 * screen ever sees a list a reload would order differently.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadLiveData } from '../../src-server/picture/load';
import { type Caller, createAnsweringNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let teams: Caller[];
let teamIds: string[];
let questionId: string;

beforeAll(async () => {
  ({ t, teams, teamIds, questionId } = await createAnsweringNight(['Đội An', 'Đội Bình', 'Đội Chi', 'Đội Dũng']));
});
afterAll(() => t.close());

it('records each answer as its own event, and the picture equals a fresh read after answers arriving together', async () => {
  const from = Number(
    (
      await t.deps.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
  await Promise.all(teams.map((team, i) => team.show.submitAnswer({ questionId, answer: i % 2 ? 'B' : 'A' })));
  const events = await t.deps.db.selectFrom('events').select(['type', 'payload']).where('id', '>', from).orderBy('id').execute();
  const answers = events.filter((e) => e.type === 'answer' || e.type === 'answers');
  expect(answers.map((e) => e.type)).toEqual(['answer', 'answer', 'answer', 'answer']);
  // Each carries its own answer and not the list.
  expect(answers.map((e) => (e.payload as { answer: { teamId: string } }).answer.teamId).sort()).toEqual([...teamIds].sort());
  for (const event of answers) expect(event.payload).not.toHaveProperty('items');
  const fresh = await loadLiveData(t.deps.db);
  expect(t.deps.hub.live.answers.answersTo(questionId)).toEqual(fresh.data.answers[questionId]);
  expect(new Set(fresh.data.answers[questionId]!.map((a) => a.teamId))).toEqual(new Set(teamIds));
});

it('places answers of the same millisecond by team, as the database orders them', () => {
  const picture = t.deps.hub.live.answers;
  const q = 'cau-thu-cung-luc';
  const answer = (teamId: string, at: number) => ({ teamId, answer: 'A', at, verdict: null, points: 0 });
  for (const [teamId, at] of [
    ['c', 5],
    ['a', 5],
    ['d', 4],
    ['b', 5],
    ['e', 6],
  ] as const) {
    picture.follow({ type: 'answer', payload: { questionId: q, answer: answer(teamId, at) } });
  }
  expect(picture.answersTo(q).map((a) => a.teamId)).toEqual(['d', 'a', 'b', 'c', 'e']);
});
