/**
 * The jury as the live picture holds it: the staff's screens and the judges' pads follow it (no
 * points travel in it), a judge's point is checked against its recusals and re-score requests from
 * memory, and the standings count its decisions and leave out recused judges' points.
 */
import { decisionsOf, type TJury } from '../../../src/jury';
import type { DomainEvent, LiveMessage } from '../../../src/live';
import { audienceOf, type Output, type PicturePart, type Viewer } from '../live/picture';

export interface JuryData {
  jury: TJury;
}

export class JuryPicture implements PicturePart<JuryData> {
  private jury: TJury;
  private decided: Map<string, number>;

  constructor(data: JuryData) {
    this.jury = data.jury;
    this.decided = decisionsOf(this.jury);
  }

  state(): TJury {
    return this.jury;
  }

  /** Team and criterion (`decisionKey`) → the score the head judge decided. */
  decisions(): ReadonlyMap<string, number> {
    return this.decided;
  }

  private message(): LiveMessage {
    return { type: 'jury', jury: this.jury };
  }

  follow(event: DomainEvent): Output[] {
    if (event.type !== 'jury') return [];
    this.jury = event.payload.jury;
    this.decided = decisionsOf(this.jury);
    const message = this.message();
    return [{ staff: message, others: null, judge: () => message }];
  }

  snapshot(viewer: Viewer): LiveMessage[] {
    const audience = audienceOf(viewer);
    return audience === 'staff' || audience === 'judge' ? [this.message()] : [];
  }

  data(): JuryData {
    return { jury: this.jury };
  }
}
