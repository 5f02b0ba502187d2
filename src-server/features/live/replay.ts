/** The replay buffer: the last changes' messages, for screens that reconnect. */
import type { LiveMessage } from '../../../src/live';
import { messagesFor, type Output, type Viewer, viewerKey } from './picture';

/** How many changes a reconnecting screen can be brought up to date with, message by message. */
export const MAX_REPLAY = 1000;

/** One followed change and its messages, projected lazily once per kind of viewer. */
export class ChangeEntry {
  private readonly byViewer = new Map<string, LiveMessage[]>();
  constructor(
    readonly id: number,
    private readonly outputs: Output[],
  ) {}

  messagesFor(viewer: Viewer, key = viewerKey(viewer)): LiveMessage[] {
    let messages = this.byViewer.get(key);
    if (!messages) {
      messages = messagesFor(this.outputs, viewer);
      this.byViewer.set(key, messages);
    }
    return messages;
  }
}

export class ReplayBuffer {
  private readonly recent: ChangeEntry[] = [];
  /** The last id from which a replay is complete: changes after it are all in `recent`. */
  private floor = 0;

  /** Starts over from a fresh picture that includes everything up to `eventId`. */
  reset(eventId: number): void {
    this.recent.length = 0;
    this.floor = eventId;
  }

  add(entry: ChangeEntry): void {
    this.recent.push(entry);
    if (this.recent.length > MAX_REPLAY) this.floor = this.recent.shift()!.id;
  }

  /**
   * The changes after `lastEventId`, or null when they cannot all be replayed (too old, from before
   * this instance started, or past `newest`, an id this database never issued).
   */
  since(lastEventId: number, newest: number): ChangeEntry[] | null {
    if (lastEventId < this.floor || lastEventId > newest) return null;
    return this.recent.filter((entry) => entry.id > lastEventId);
  }

  /** A change still held. */
  get(id: number): ChangeEntry | undefined {
    return this.recent.find((entry) => entry.id === id);
  }
}
