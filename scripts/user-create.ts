/**
 * `npm run user:create -- --username gk6 --role judge --name "Họ tên" [--password …] [--team <teamId>]`
 * Adds a user to the embedded database or DATABASE_URL; without --password one is generated and printed.
 */
import { randomBytes } from 'node:crypto';
import { messages } from '../src/messages';
import { ZUserCreateSchema } from '../src/schemas/user';
import { EventRecorder } from '../src-server/features/live/record';
import { recordSeatsIfChanged } from '../src-server/features/users/data';
import { createUser } from '../src-server/features/users/manage';
import { openCliDatabase, parseArgs } from './lib/cli-db';

const args = parseArgs(process.argv.slice(2));
const text = (key: string) => (typeof args.get(key) === 'string' ? (args.get(key) as string) : undefined);
const generated = text('password') ? null : randomBytes(9).toString('base64url');
const parsed = ZUserCreateSchema.safeParse({
  user: {
    username: text('username') ?? '',
    role: text('role') ?? '',
    fullName: text('name') ?? text('username') ?? '',
    password: text('password') ?? generated,
    teamId: text('team') ?? null,
  },
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.slice(1).join('.')}: ${issue.message}`);
  console.error(messages.userCreateUsage);
  process.exit(2);
}

const database = await openCliDatabase();
try {
  const user = await database.db.transaction().execute(async (trx) => {
    const created = await createUser(trx, parsed.data.user);
    // A new judge takes a seat on the screens of a server running on the same PostgreSQL.
    await recordSeatsIfChanged(new EventRecorder(trx), []);
    return created;
  });
  await database.announceEvents();
  console.log(messages.userCreateDone(user.username, user.role, generated));
} catch (error) {
  console.error(messages.userCreateFailed((error as Error).message));
  process.exitCode = 1;
} finally {
  await database.close();
}
