/** `npm run seed:demo`: loads the demo event into the embedded database or DATABASE_URL. */
import { messages } from '../src/messages';
import { describeDemoLogins, loadDemoEvent } from '../src-server/demo/load';
import { openCliDatabase } from './lib/cli-db';

const database = await openCliDatabase();
try {
  const logins = await loadDemoEvent(database.db);
  await database.announceEvents();
  console.log(messages.demoLoaded);
  for (const line of describeDemoLogins(logins)) console.log(line);
  if (!logins.length) console.log(messages.demoLoginsKept);
} finally {
  await database.close();
}
