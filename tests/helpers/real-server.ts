/** A real server on a free port over a throwaway database, for the tests that need sockets: closed with the clients they opened. */
import type { Config } from '../../src-server/config';
import type { DatabaseHandle } from '../../src-server/db/connection';
import { type RunningServer, startServer } from '../../src-server/server';
import { createTestDatabase, type TestDatabase } from './test-db';
import { type JoinedClient, joinSystem } from './ws-client';

export interface RealServer {
  readonly database: TestDatabase;
  /** The running server (its successor after `restart`). */
  readonly server: RunningServer;
  /** The running server's address, http://127.0.0.1:port. */
  readonly base: string;
  /** A system.join subscription on the running server; `close` closes it if the test has not. */
  join(options?: Parameters<typeof joinSystem>[1]): JoinedClient;
  /** Stops the server and starts a successor with `config` over the same database. */
  restart(config: Config): Promise<void>;
  /** Closes the clients, the server and the database. */
  close(): Promise<void>;
}

/** Starts the server with `config` on a new test database (its handle passed through `wrap` first, when given). */
export async function startRealServer(config: Config, wrap: (handle: DatabaseHandle) => DatabaseHandle = (h) => h): Promise<RealServer> {
  const database = await createTestDatabase();
  const handle = wrap(database.handle);
  const start = (c: Config) => startServer(c, { database: handle, log: () => {} });
  const clients: JoinedClient[] = [];
  let server = await start(config);
  const base = () => `http://127.0.0.1:${server.port}`;
  return {
    database,
    get server() {
      return server;
    },
    get base() {
      return base();
    },
    join(options = {}) {
      const client = joinSystem(base(), options);
      clients.push(client);
      return client;
    },
    async restart(next) {
      await server.close();
      server = await start(next);
    },
    async close() {
      for (const client of clients) await client.close().catch(() => {});
      await server.close();
      await database.drop();
    },
  };
}
