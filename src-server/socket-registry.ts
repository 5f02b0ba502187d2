/**
 * Open websockets by login session, so ending a session closes its sockets, and by user, so the
 * console can see which judges are online (per server instance); and, at the door, how many are
 * open in all and from each address, for the caps (`ws.ts`).
 */
import { SESSION_ENDED_CLOSE_CODE } from '../src/constants';
export interface ClosableSocket {
  close(code?: number, reason?: string): void;
}

interface Holder {
  sessionId: string | null;
  userId: string | null;
  role: string | null;
}

/** Why a socket was turned away at the door: too many from its address, or too many in all. */
export type DoorRefusal = 'address' | 'global';

export class SocketRegistry {
  private readonly bySession = new Map<string, Set<ClosableSocket>>();
  private readonly all = new Map<ClosableSocket, Holder>();
  private presenceListener: ((judgeIds: string[]) => void) | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  /** Sockets let in and not yet closed, by address, and in all. */
  private readonly perAddress = new Map<string, number>();
  private admitted = 0;

  /**
   * Lets a new socket from `ip` in when both caps allow: null, and the caller owes one `leave(ip)`
   * when it closes; otherwise why not (nothing counted).
   */
  admit(ip: string, maxPerAddress: number, maxSockets: number): DoorRefusal | null {
    const fromAddress = this.perAddress.get(ip) ?? 0;
    if (fromAddress >= maxPerAddress) return 'address';
    if (this.admitted >= maxSockets) return 'global';
    this.perAddress.set(ip, fromAddress + 1);
    this.admitted++;
    return null;
  }

  leave(ip: string): void {
    const left = (this.perAddress.get(ip) ?? 0) - 1;
    if (left > 0) this.perAddress.set(ip, left);
    else this.perAddress.delete(ip);
    this.admitted = Math.max(0, this.admitted - 1);
  }

  /** Sockets let in at the door and not closed yet. */
  get openSockets(): number {
    return this.admitted;
  }

  /** Sockets open from one address. */
  openFrom(ip: string): number {
    return this.perAddress.get(ip) ?? 0;
  }

  add(socket: ClosableSocket, sessionId: string | null, user?: { _id: string; role: string } | null): () => void {
    this.all.set(socket, { sessionId, userId: user?._id ?? null, role: user?.role ?? null });
    if (sessionId) {
      const set = this.bySession.get(sessionId) ?? new Set();
      set.add(socket);
      this.bySession.set(sessionId, set);
    }
    if (user?.role === 'judge') this.presenceChanged();
    return () => {
      const holder = this.all.get(socket);
      this.all.delete(socket);
      if (sessionId) {
        const set = this.bySession.get(sessionId);
        set?.delete(socket);
        if (set && set.size === 0) this.bySession.delete(sessionId);
      }
      if (holder?.role === 'judge') this.presenceChanged();
    };
  }

  /** Judges with at least one open socket. */
  onlineJudges(): string[] {
    const ids = new Set<string>();
    for (const holder of this.all.values()) if (holder.role === 'judge' && holder.userId) ids.add(holder.userId);
    return [...ids].sort();
  }

  onPresence(listener: (judgeIds: string[]) => void): void {
    this.presenceListener = listener;
  }

  // A phone on flaky Wi-Fi reconnects in bursts: tell the console once things settle.
  private presenceChanged(): void {
    if (!this.presenceListener || this.presenceTimer) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.presenceListener?.(this.onlineJudges());
    }, 300);
    this.presenceTimer.unref?.();
  }

  /**
   * Tells the client its session ended: reconnect as whoever it is now. The code says why when the
   * client has something to say about it (another event went on stage).
   */
  closeSession(sessionId: string, code: number = SESSION_ENDED_CLOSE_CODE): void {
    for (const socket of this.bySession.get(sessionId) ?? []) socket.close(code, 'session ended');
    this.bySession.delete(sessionId);
  }

  closeAll(): void {
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
    this.presenceListener = null;
    for (const socket of this.all.keys()) socket.close(1001, 'server shutting down');
    this.all.clear();
    this.bySession.clear();
  }

  get size(): number {
    return this.all.size;
  }
}
