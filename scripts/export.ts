/** `npm run export -- --out results.xlsx` (or .csv): the results from the embedded database or DATABASE_URL. */
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '../src/messages';
import { resultsCsv } from '../src-server/features/results/csv';
import { buildResults } from '../src-server/features/results/data';
import { resultsXlsx } from '../src-server/features/results/xlsx';
import { readSettings } from '../src-server/features/settings/data';
import { openCliDatabase, parseArgs } from './lib/cli-db';

const args = parseArgs(process.argv.slice(2));
const out = args.get('out');
if (typeof out !== 'string' || !/\.(xlsx|csv)$/i.test(out)) {
  console.error(messages.exportUsage);
  process.exit(2);
}

const database = await openCliDatabase();
try {
  const [table, settings] = await Promise.all([buildResults(database.db), readSettings(database.db)]);
  const data = out.toLowerCase().endsWith('.csv')
    ? resultsCsv(table)
    : await resultsXlsx(table, messages.results.exportTitle(settings.name));
  fs.writeFileSync(out, data);
  console.log(messages.exportDone(table.items.length, path.resolve(out)));
} finally {
  await database.close();
}
