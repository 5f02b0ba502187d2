/**
 * Loads the demo event: settings, teams with members, judges, a master, two team accounts, the
 * scoring sheet, the rules and a question set in each of the six rounds. Accounts that already exist
 * are left alone; content is added only to empty tables, so loading twice doubles nothing.
 */
import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Role } from '../../src/constants';
import { messages } from '../../src/messages';
import { ZQuestionSchema } from '../../src/schemas/questionSet';
import { ZFormatSchema } from '../../src/schemas/roundFormat';
import type { Database } from '../db/types';
import { hashPassword } from '../features/auth/password';
import { EventRecorder } from '../features/live/record';
import { normaliseItems } from '../features/questionSet/data';
import { recordSheet, sheetColumnsOf } from '../features/scoreField/sheet';
import { defaultSettings, readSettings } from '../features/settings/data';
import { recordTeams } from '../features/team/data';
import { recordSeatsIfChanged, seatOnPanel, userSearchText } from '../features/users/data';
import type { NightHub } from '../picture/hub';
import { DEMO_JUDGES, DEMO_QUESTION_SETS, DEMO_RULES, DEMO_SCORE_FIELDS, DEMO_SETTINGS, DEMO_TEAMS } from './content';
import { obstaclePicturePng } from './picture';

export interface DemoLogin {
  username: string;
  password: string;
  role: Role;
  fullName: string;
}

/** Easy to read aloud in a hall, hard to guess: four letters and four digits. */
function demoPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  let word = '';
  for (let i = 0; i < 4; i++) word += letters[randomInt(letters.length)];
  return `${word}-${String(randomInt(10_000)).padStart(4, '0')}`;
}

async function isEmpty(db: Kysely<Database>, table: 'teams' | 'question_sets' | 'rules' | 'score_fields'): Promise<boolean> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

const DEMO_ACCOUNTS: readonly { username: string; fullName: string; role: Role; teamIndex?: number }[] = [
  { username: 'dieukhien', fullName: 'Người điều khiển chương trình', role: 'master' },
  ...DEMO_JUDGES.map((j) => ({ ...j, role: 'judge' as Role })),
  { username: 'doi1', fullName: 'Tài khoản đội THPT Chu Văn An', role: 'team', teamIndex: 0 },
  { username: 'doi2', fullName: 'Tài khoản đội THPT chuyên Hà Nội – Amsterdam', role: 'team', teamIndex: 1 },
];

/** The demo accounts' new passwords, by username, each with its hash. */
interface DemoCredentials {
  passwords: ReadonlyMap<string, string>;
  hashes: ReadonlyMap<string, string>;
}

/**
 * Stored instead of a password hash by the build's demo folder (`loadDemoEvent` with `forTemplate`):
 * no password matches it, and the first start gives each such account its own password
 * (`activateDemoAccounts`) before it serves.
 */
const PASSWORD_PENDING = 'pending:demo';

/**
 * New passwords for the demo accounts, hashed side by side (each hash runs on libuv's threads, so a
 * first start begins them before it opens the database and the two overlap: `bootstrap.ts`).
 */
async function demoCredentials(): Promise<DemoCredentials> {
  const passwords = new Map(DEMO_ACCOUNTS.map((account) => [account.username, demoPassword()]));
  const hashed = await Promise.all([...passwords].map(async ([username, password]) => [username, await hashPassword(password)] as const));
  return { passwords, hashes: new Map(hashed) };
}

/**
 * What loading the demo computes outside its transaction: the accounts' passwords, and the picture,
 * drawn only if the obstacle round is loaded (the first call draws it; later ones share it).
 */
export interface DemoGroundwork {
  credentials: Promise<DemoCredentials>;
  picture(): Promise<Buffer>;
}

/** Begins the demo's groundwork, on libuv's threads: a first start begins it before it opens the database. */
export function demoGroundwork(options: { picture?: boolean } = {}): DemoGroundwork {
  let picture: Promise<Buffer> | undefined = options.picture ? obstaclePicturePng() : undefined;
  return {
    credentials: demoCredentials(),
    picture() {
      picture ??= obstaclePicturePng();
      return picture;
    },
  };
}

/** For the build's demo folder: no passwords, each account's hash the pending mark. */
function pendingGroundwork(): DemoGroundwork {
  const hashes = new Map(DEMO_ACCOUNTS.map((account) => [account.username, PASSWORD_PENDING]));
  const picture = obstaclePicturePng();
  return { credentials: Promise.resolve({ passwords: new Map(), hashes }), picture: () => picture };
}

/**
 * Loads the demo event where its parts are missing. Running servers follow it through the domain
 * events it records: pass the hub of the server in this process, if any; other processes on the same
 * PostgreSQL learn of it through `announceEvents`. Its groundwork is `early`'s when given (begun
 * before), else begun now; `forTemplate` (the build's demo folder) gives the accounts no password yet.
 */
export async function loadDemoEvent(
  db: Kysely<Database>,
  hub?: Pick<NightHub, 'published'>,
  early?: DemoGroundwork | 'forTemplate',
): Promise<DemoLogin[]> {
  const created: DemoLogin[] = [];
  // Outside the transaction: hashing is slow, and PGlite queues everything behind an open one.
  const groundwork = early === 'forTemplate' ? pendingGroundwork() : (early ?? demoGroundwork());
  const { passwords, hashes } = await groundwork.credentials;
  const picture = (await isEmpty(db, 'question_sets')) ? await groundwork.picture() : null;

  const events = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({
        id: 1,
        data: JSON.stringify({
          ...defaultSettings(),
          ...DEMO_SETTINGS,
          roundTitles: { ...defaultSettings().roundTitles, ...DEMO_SETTINGS.roundTitles },
        }),
      })
      .onConflict((oc) => oc.column('contest_id').doNothing())
      .execute();

    let teamIds: string[] = [];
    if (await isEmpty(trx, 'teams')) {
      const rows = await trx
        .insertInto('teams')
        .values(
          DEMO_TEAMS.map((team, index) => ({
            name: team.name,
            unit: team.unit,
            members: JSON.stringify(team.members.map((fullName, i) => ({ fullName, note: i === 0 ? 'Đội trưởng' : '' }))),
            priority: index + 1,
          })),
        )
        .returning(['id', 'priority'])
        .execute();
      teamIds = rows.sort((a, b) => a.priority - b.priority).map((r) => r.id);
    }

    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const exists = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where(sql`lower(username)`, '=', account.username)
        .executeTakeFirst();
      if (exists) {
        // A judge of the installation already: on this contest's panel too.
        if (exists.role === 'judge' && account.role === 'judge') await seatOnPanel(trx, exists.id);
        continue;
      }
      const user = await trx
        .insertInto('users')
        .values({
          username: account.username,
          full_name: account.fullName,
          role: account.role,
          password_hash: hashes.get(account.username)!,
          team_id: account.teamIndex !== undefined ? (teamIds[account.teamIndex] ?? null) : null,
          priority: index + 1,
          search_text: userSearchText(account.username, account.fullName),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (account.role === 'judge') await seatOnPanel(trx, user.id);
      if (early === 'forTemplate') continue;
      created.push({
        username: account.username,
        password: passwords.get(account.username)!,
        role: account.role,
        fullName: account.fullName,
      });
    }

    if (await isEmpty(trx, 'score_fields')) {
      await trx
        .insertInto('score_fields')
        .values(DEMO_SCORE_FIELDS.map((f, i) => sheetColumnsOf({ ...f, position: i + 1 })))
        .execute();
    }

    if (await isEmpty(trx, 'rules')) {
      await trx
        .insertInto('rules')
        .values(DEMO_RULES.map((r, i) => ({ title: r.title, content: r.content, sort_order: i + 1 })))
        .execute();
    }

    if (await isEmpty(trx, 'question_sets')) {
      for (const set of DEMO_QUESTION_SETS) {
        const items = normaliseItems(set.items.map((item) => ZQuestionSchema.parse(item)));
        let format = ZFormatSchema.parse(set.format ?? { kind: 'classic' });
        if (format.kind === 'obstacle' && !format.picture && picture) {
          // The picture is drawn here (no download) and stored like an upload.
          const png = picture;
          const media = await trx
            .insertInto('media')
            .values({ content_type: 'image/png', file_name: 'khue-van-cac.png', size: png.length, data: png })
            .returning('id')
            .executeTakeFirstOrThrow();
          format = { ...format, picture: { kind: 'image', url: `/media/${media.id}` } };
        }
        await trx
          .insertInto('question_sets')
          .values({ set_no: set.set, title: set.title, items: JSON.stringify(items), format: JSON.stringify(format) })
          .execute();
      }
    }

    const recorder = new EventRecorder(trx);
    await recorder.settings(await readSettings(trx));
    await recordTeams(recorder);
    await recordSheet(recorder);
    await recordSeatsIfChanged(recorder, []);
    return recorder.events;
  });
  await hub?.published(events);
  return created;
}

/**
 * Gives each demo account the build's demo folder brought (its hash the pending mark) its own new
 * password, with `early`'s credentials when a first start began them before it opened the folder.
 * Returns the logins to print once; none when no account is pending.
 */
export async function activateDemoAccounts(db: Kysely<Database>, early?: DemoGroundwork): Promise<DemoLogin[]> {
  const pending = await db.selectFrom('users').select(['id', 'username']).where('password_hash', '=', PASSWORD_PENDING).execute();
  if (!pending.length) return [];
  const { passwords, hashes } = await (early ?? demoGroundwork()).credentials;
  const logins: DemoLogin[] = [];
  await db.transaction().execute(async (trx) => {
    for (const user of pending) {
      const account = DEMO_ACCOUNTS.find((a) => a.username === user.username);
      const password = account && passwords.get(account.username);
      const hash = account && hashes.get(account.username);
      // Only the demo's own accounts carry the mark; anything else is left without a password.
      if (!account || !password || !hash) continue;
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
      logins.push({ username: account.username, password, role: account.role, fullName: account.fullName });
    }
  });
  return logins.sort(
    (a, b) => DEMO_ACCOUNTS.findIndex((x) => x.username === a.username) - DEMO_ACCOUNTS.findIndex((x) => x.username === b.username),
  );
}

export function describeDemoLogins(logins: DemoLogin[]): string[] {
  if (!logins.length) return [];
  return [messages.demoLoginsHeader, ...logins.map((l) => `  ${l.username.padEnd(10)} ${l.password}  ${l.role.padEnd(6)} ${l.fullName}`)];
}
