/** `npm start`: read the environment, start, and shut down cleanly on SIGINT or SIGTERM. */
import { messages } from '../src/messages';
import { readConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { startServer } from './server';

async function main(): Promise<void> {
  const config = readConfig();
  let running;
  try {
    running = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  console.log(messages.serverListening(running.url));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: đang dừng…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('[server] could not start:', error);
  process.exit(1);
});
