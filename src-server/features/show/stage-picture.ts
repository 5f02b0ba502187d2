/**
 * The show's share of the live picture: the stage (the show as stored, with its versions) and the
 * event's settings it is shown with. Every screen's `state` message comes from here.
 */
import {
  type Audience,
  type DomainEvent,
  type EventSettings,
  type LiveMessage,
  nextMediaOf,
  projectSystem,
  type ShowActor,
  type StoredShow,
} from '../../../src/live';
import { messages } from '../../../src/messages';
import type { ShowState } from '../../../src/schemas/show';
import { audienceOf, type Memo, type Output, type PicturePart, type Viewer } from '../live/picture';
import { publicObstacleScene } from '../media/obstacle-address';

export interface StageData {
  show: { version: number; scoringVersion: number; stored: StoredShow };
  settings: EventSettings;
}

export class StagePicture implements PicturePart<StageData> {
  private show: StageData['show'];
  private settings: EventSettings;

  constructor(
    data: StageData,
    private readonly memo: Memo,
    /** The event on stage this picture is of. */
    private readonly contestId: string,
  ) {
    this.show = data.show;
    this.settings = data.settings;
  }

  /** The scoring gate's version: what a judge's score was checked against. */
  get scoringVersion(): number {
    return this.show.scoringVersion;
  }

  get stored(): StoredShow {
    return this.show.stored;
  }

  eventSettings(): EventSettings {
    return this.settings;
  }

  /** The show for an audience: staff see the selected question, others only once it is shown. */
  system(audience: Audience): ShowState {
    const key = audience === 'staff' ? 'system:staff' : 'system:public';
    return this.memo.get(key, () => {
      // What only the server needs: the board before the freeze, the undo's and the rounds' records.
      const {
        frozenListTeam: _frozen,
        moveScores: _moveScores,
        moveRows: _moveRows,
        moveLabel: _moveLabel,
        moveBy: _moveBy,
        moveArchived: _moveArchived,
        rounds: _rounds,
        ...rest
      } = this.show.stored;
      const settings = this.settings;
      const full: ShowState = {
        ...rest,
        version: this.show.version,
        event: {
          _id: this.contestId,
          title: settings.name,
          name: settings.name,
          date: settings.date,
          venue: settings.venue,
          logoUrl: settings.logoUrl,
        },
        // A round the event does not use has no title: the screens name it by its number.
        title: settings.roundTitles[rest.fw]?.trim() || messages.eventsAdmin.roundTitle(rest.fw),
        nextMedia: nextMediaOf(rest.question),
      };
      const projected = projectSystem(full, audience);
      // The obstacle picture's original is the staff's: the others get the revealed tiles' composite.
      return audience === 'staff' || !projected.obstacle ? projected : { ...projected, obstacle: publicObstacleScene(projected.obstacle) };
    });
  }

  /** The state for each audience; a show move's maker (`by`) is told to the staff only. */
  private stateOutput(by?: ShowActor): Output {
    const staff: LiveMessage = by ? { type: 'state', system: this.system('staff'), by } : { type: 'state', system: this.system('staff') };
    return { staff, others: { type: 'state', system: this.system('public') } };
  }

  follow(event: DomainEvent): Output[] {
    switch (event.type) {
      case 'show':
        this.show = { version: event.payload.version, scoringVersion: event.payload.scoringVersion, stored: event.payload.show };
        return [this.stateOutput(event.payload.by)];
      case 'settings':
        this.settings = event.payload.settings;
        return [this.stateOutput()];
      case 'sheet':
      case 'resultsLocks':
        // A new sheet, or results locked or unlocked, move the scoring gate: a score checked against the old one is refused.
        this.show = { ...this.show, scoringVersion: event.payload.scoringVersion };
        return [];
      default:
        return [];
    }
  }

  snapshot(viewer: Viewer): LiveMessage[] {
    return [{ type: 'state', system: this.system(audienceOf(viewer)) }];
  }

  data(): StageData {
    return { show: this.show, settings: this.settings };
  }
}
