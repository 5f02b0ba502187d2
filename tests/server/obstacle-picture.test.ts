/**
 * The obstacle round's picture is the keyword's main clue: no one but the staff gets more of it than
 * the round has revealed. The original (a secret media item) answers 404 to everyone else, the public
 * state carries only the address of the server's composite (unrevealed tiles painted over), and the
 * whole picture reaches the audience once the round ends. Question media stay public.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { OBSTACLE_FILL } from '../../src-server/features/media/obstacle-picture';
import { testAppForFile } from '../helpers/app-for-file';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
let teamCookie: string;
let admin: Caller;
let master: Caller;

/** 800 × 600 (the board's 4:3, so no crop): tile 1 red, 2 green, 3 blue, 4 yellow, as the 2 × 2 board cuts it. */
const QUADRANTS = [
  { r: 220, g: 30, b: 30 },
  { r: 30, g: 200, b: 60 },
  { r: 40, g: 60, b: 230 },
  { r: 240, g: 220, b: 20 },
];
/** The centre of each tile in the 800 × 600 picture. */
const CENTRES = [
  [200, 150],
  [600, 150],
  [200, 450],
  [600, 450],
] as const;

async function quadrantPicture(): Promise<Buffer> {
  const tile = (i: number) => ({
    input: { create: { width: 400, height: 300, channels: 3 as const, background: QUADRANTS[i]! } },
    left: (i % 2) * 400,
    top: Math.floor(i / 2) * 300,
  });
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#000' } })
    .composite([0, 1, 2, 3].map(tile))
    .png()
    .toBuffer();
}

/** The colour of a pixel of a PNG or JPEG. */
async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: raw[at]!, g: raw[at + 1]!, b: raw[at + 2]!, width: info.width, height: info.height };
}

const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** What an anonymous screen and a team's phone are told now. */
async function publicStates() {
  const anonymous = await (await t.request('GET', '/api/state')).text();
  const team = await (await t.request('GET', '/api/state', { cookie: teamCookie })).text();
  return { anonymous, team, picture: JSON.parse(anonymous).system.obstacle.picture as string | null };
}

let original: Buffer;
let pictureUrl: string;
let questionMediaUrl: string;
let setId: string;

beforeAll(async () => {
  ({ admin, master } = t.callers);
  const teamId = (await admin.team.create({ data: { name: 'THPT Chu Văn An' } })).item._id;
  await t.createUser('doi1', 'team', { teamId });
  teamCookie = await t.login('doi1');

  original = await quadrantPicture();
  pictureUrl = (
    await admin.media.upload({ fileName: 'khue-van-cac.png', contentType: 'image/png', dataBase64: original.toString('base64') })
  ).media.url;
  const questionPicture = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  questionMediaUrl = (
    await admin.media.upload({ fileName: 'cau-hoi.png', contentType: 'image/png', dataBase64: questionPicture.toString('base64') })
  ).media.url;

  const set = await admin.questionSet.create({
    set: 2,
    data: {
      title: 'Vượt chướng ngại vật',
      format: { kind: 'obstacle', keyword: 'Khuê Văn Các', tiles: 4, picture: { kind: 'image', url: pictureUrl } },
      items: ['Một', 'Hai', 'Ba', 'Bốn'].map((answer, i) => ({
        content: `Hàng ${i + 1}`,
        answer,
        point: 10,
        timeLimit: 30,
        ...(i === 0 ? { media: { kind: 'image' as const, url: questionMediaUrl } } : {}),
      })),
    },
  });
  setId = set.item._id;
  await master.show.update({ changes: { fw: 2, setId, questionId: null, phase: 'round' } });
});

describe('the obstacle picture', () => {
  it('with no tile revealed: the original answers 404 to all but the staff, and no public state names it', async () => {
    for (const cookie of [undefined, teamCookie]) {
      const res = await t.request('GET', pictureUrl, { cookie });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(messages.mediaNotFound);
    }
    const { anonymous, team, picture } = await publicStates();
    expect(anonymous).not.toContain(pictureUrl);
    expect(team).not.toContain(pictureUrl);
    expect(picture).toMatch(/^\/media\/obstacle\//);
    // The staff's own state names the original, as before.
    expect((await master.system.state()).system.obstacle?.picture).toBe(pictureUrl);
  });

  it('serves the staff the original', async () => {
    for (const cookie of [t.cookies.admin, t.cookies.master]) {
      const res = await t.request('GET', pictureUrl, { cookie });
      expect(res.status).toBe(200);
      expect((await body(res)).equals(original)).toBe(true);
    }
  });

  it('paints every unrevealed tile with the fill, then uncovers a row’s tile once it is revealed', async () => {
    const before = await t.request('GET', (await publicStates()).picture!);
    expect(before.status).toBe(200);
    const covered = await body(before);
    for (const [x, y] of CENTRES) expect(await pixel(covered, x, y)).toMatchObject({ ...OBSTACLE_FILL, width: 800, height: 600 });
    expect(await pixel(original, CENTRES[0][0], CENTRES[0][1])).toMatchObject(QUADRANTS[0]!);

    // Asking for a reveal the round has not made (or for the whole picture) is a missing file.
    const address = (await publicStates()).picture!;
    for (const view of ['4-0', '4-all', '4-0.1.2.3']) {
      const res = await t.request('GET', address.replace(/[^/]+$/, view));
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(messages.mediaNotFound);
    }

    await master.show.update({ changes: { obstacle: { action: 'revealRow', row: 0 } } });
    const after = await publicStates();
    expect(after.picture).not.toBe(address);
    expect(after.anonymous).not.toContain(pictureUrl);
    const revealed = await body(await t.request('GET', after.picture!));
    expect(await pixel(revealed, CENTRES[0][0], CENTRES[0][1])).toMatchObject(QUADRANTS[0]!);
    for (const [x, y] of CENTRES.slice(1)) expect(await pixel(revealed, x, y)).toMatchObject(OBSTACLE_FILL);
    // Still the original's pixels right up to the tile's edge.
    expect(await pixel(revealed, 399, 299)).toMatchObject(QUADRANTS[0]!);
    expect(await pixel(revealed, 400, 299)).toMatchObject(OBSTACLE_FILL);
  });

  it('gives everyone the whole original once the round ends', async () => {
    await master.show.update({ changes: { obstacle: { action: 'end' } } });
    const { picture } = await publicStates();
    for (const cookie of [undefined, teamCookie]) {
      const res = await t.request('GET', picture!, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect((await body(res)).equals(original)).toBe(true);
    }
  });

  it('keeps question media public for the projector to fetch ahead', async () => {
    const res = await t.request('GET', questionMediaUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses an outside address as an obstacle picture with a 400 naming the field', async () => {
    const format = { kind: 'obstacle', keyword: 'Văn Miếu', tiles: 4, picture: { kind: 'image', url: 'https://example.com/van-mieu.png' } };
    const created = await t.request('POST', '/api/fw-question-2', {
      cookie: t.cookies.admin,
      body: { data: { title: 'Ảnh ngoài', format } },
    });
    expect(created.status).toBe(400);
    const refused = (await created.json()).error;
    expect(refused.field).toBe('data.format.picture.url');
    expect(refused.message).toBe(messages.obstaclePictureUpload);

    const changed = await t.request('PUT', '/api/fw-question-2', { cookie: t.cookies.admin, body: { _id: setId, changes: { format } } });
    expect(changed.status).toBe(400);
    expect((await changed.json()).error.field).toBe('changes.format.picture.url');
    // A question's own media may still be an outside address.
    const classic = await t.request('POST', '/api/fw-question-2', {
      cookie: t.cookies.admin,
      body: {
        data: {
          title: 'Câu hỏi có ảnh ngoài',
          items: [{ content: 'Ảnh', answer: 'A', point: 10, timeLimit: 30, media: { kind: 'image', url: 'https://example.com/a.png' } }],
        },
      },
    });
    expect(classic.status).toBe(200);
  });
});
