/** Open websockets by login session, so ending a session closes its sockets. */
export interface ClosableSocket {
  close(code?: number, reason?: string): void;
}

export class SocketRegistry {
  private readonly bySession = new Map<string, Set<ClosableSocket>>();
  private readonly all = new Set<ClosableSocket>();

  add(socket: ClosableSocket, sessionId: string | null): () => void {
    this.all.add(socket);
    if (sessionId) {
      const set = this.bySession.get(sessionId) ?? new Set();
      set.add(socket);
      this.bySession.set(sessionId, set);
    }
    return () => {
      this.all.delete(socket);
      if (sessionId) {
        const set = this.bySession.get(sessionId);
        set?.delete(socket);
        if (set && set.size === 0) this.bySession.delete(sessionId);
      }
    };
  }

  /** 4001 tells the client its session changed: reconnect as whoever it is now. */
  closeSession(sessionId: string): void {
    for (const socket of this.bySession.get(sessionId) ?? []) socket.close(4001, 'session ended');
    this.bySession.delete(sessionId);
  }

  closeAll(): void {
    for (const socket of this.all) socket.close(1001, 'server shutting down');
    this.all.clear();
    this.bySession.clear();
  }

  get size(): number {
    return this.all.size;
  }
}
