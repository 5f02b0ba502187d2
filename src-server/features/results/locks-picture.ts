/**
 * The results locked, as the live picture holds them: the staff's screens follow them (the dashboard's
 * panel), and a judge's point is checked against them from memory (`checkJudgeScore`).
 */
import type { DomainEvent, LiveMessage } from '../../../src/live';
import type { TResultsLock } from '../../../src/resultsLock';
import { audienceOf, type Output, type PicturePart, type Viewer } from '../live/picture';

export interface LocksData {
  locks: TResultsLock[];
}

export class LocksPicture implements PicturePart<LocksData> {
  private locks: TResultsLock[];

  constructor(data: LocksData) {
    this.locks = data.locks;
  }

  /** Every lock: the whole event's first, then the rounds' in order. */
  all(): readonly TResultsLock[] {
    return this.locks;
  }

  private message(): LiveMessage {
    return { type: 'locks', locks: this.locks };
  }

  follow(event: DomainEvent): Output[] {
    if (event.type !== 'resultsLocks') return [];
    this.locks = event.payload.locks;
    return [{ staff: this.message(), others: null }];
  }

  snapshot(viewer: Viewer): LiveMessage[] {
    return audienceOf(viewer) === 'staff' ? [this.message()] : [];
  }

  data(): LocksData {
    return { locks: this.locks };
  }
}
