/** `npm start`: read the environment, start, and shut down cleanly on SIGINT or SIGTERM. */
import os from 'node:os';
import { messages } from '../src/messages';
import { PREPARE_ONLY_ENV, prepareDatabase } from './bootstrap';
import { readConfig } from './config';
import { openDatabase } from './db/connection';
import { DataDirLockedError } from './db/lock';
import { type RunningServer, startServer } from './server';

/** The child that prepares a new data folder (`prepareFolderApart`): prepare, close, exit. */
async function prepareOnly(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await prepareDatabase(database.db, config, console.log);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  let running: RunningServer;
  try {
    running = await startServer(config, { prepareApart: true });
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
    // For the benchmarks: how long transactions held the ordered section (events lock → commit).
    if (process.env.HOITHI_TIMINGS === '1') console.log(running.deps.hub.timings.summary());
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (process.env[PREPARE_ONLY_ENV] === '1') {
  prepareOnly().then(
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
