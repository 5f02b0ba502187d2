/**
 * `npm start`: read the environment, start, and shut down cleanly on SIGINT or SIGTERM. The server's
 * modules are loaded once the data folder is locked and, when it is new, copied from the build's
 * template or its preparation apart begun (`first-start.ts`), so the two overlap; the preparing
 * child loads only its own.
 */
import os from 'node:os';
import { messages } from '../src/messages';
import { readConfig } from './config';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { PREPARE_ONLY_ENV, prepareNewFolder } from './first-start';
import type { RunningServer } from './server';

/**
 * The child that prepares a new data folder (`prepareNewFolder`): prepare, close, exit. For the
 * build's templates (`scripts/build.mjs`): the migrations alone (`template`), or the demo event
 * loaded into a copy of that one, its accounts without passwords (`template-demo`).
 */
async function prepareOnly(mode: '1' | 'template' | 'template-demo'): Promise<void> {
  const [{ openDatabase, migrateToLatest }, { firstStartGroundwork, prepareDatabase }, { loadDemoEvent }, { onStageHandle }] =
    await Promise.all([import('./db/connection'), import('./bootstrap'), import('./demo/load'), import('./features/events/active')]);
  const config = readConfig();
  // The folder is new: its passwords are hashed and the demo's picture drawn while PGlite opens it.
  const groundwork = mode === '1' ? firstStartGroundwork(config) : undefined;
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    if (mode === 'template') await migrateToLatest(database.db);
    else if (mode === 'template-demo') await loadDemoEvent(await onStageHandle(database.db), undefined, 'forTemplate');
    else await prepareDatabase(database.db, config, console.log, groundwork);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  let running: RunningServer;
  try {
    const dataDirLock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
    const prepared = prepareNewFolder(config, process.argv[1]);
    const [{ startServer }, { firstStartGroundwork }] = await Promise.all([import('./server'), import('./bootstrap')]);
    const folder = await prepared;
    // A copied folder is finished here: its passwords are hashed while PGlite opens it.
    const groundwork = folder === 'demo' || folder === 'plain' ? firstStartGroundwork(config, folder === 'demo') : undefined;
    running = await startServer(config, { dataDirLock, groundwork });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  console.log(messages.serverListening(running.url));
  // Phones and projector PCs in the hall need the machine's own address, not localhost.
  if (config.host === '0.0.0.0' || config.host === '::') {
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => `http://${a!.address}:${running.port}`);
    if (lan.length) console.log(messages.serverOnLan(lan.join(', ')));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(messages.serverStopping(signal));
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // For the benchmarks: how long each commit took from its events statement to its end.
    if (process.env.HOITHI_TIMINGS === '1') console.log(running.deps.hub.timings.summary());
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

const prepareOnlyMode = process.env[PREPARE_ONLY_ENV];
if (prepareOnlyMode === '1' || prepareOnlyMode === 'template' || prepareOnlyMode === 'template-demo') {
  prepareOnly(prepareOnlyMode).then(
    () => process.exit(0),
    (error) => {
      console.error('[server] could not prepare the data folder:', error);
      process.exit(1);
    },
  );
} else {
  main().catch((error) => {
    console.error('[server] could not start:', error);
    process.exit(1);
  });
}
