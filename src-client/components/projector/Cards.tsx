/** The simple stage cards: the event's logo and name, and the round title card. */

import { projectorText } from '../../../src/messages/projector';
import { formatDate } from '../../../src/valueFormat';
import classes from './Cards.module.css';
import { FitText } from './FitText';
import scene from './Scene.module.css';
import type { useEventSettings } from './useEventSettings';

type EventSettings = ReturnType<typeof useEventSettings>;

export function LogoCard({ event }: { event: EventSettings }) {
  const meta = [formatDate(event.date), event.venue].filter(Boolean).join(' · ');
  return (
    <div className={`${classes.centered} ${scene.fadeIn}`} data-testid="logo-card">
      <img className={classes.logo} src={event.logoUrl} alt="" draggable={false} />
      <FitText className={classes.eventName} max={110} min={48} fitKey={event.name}>
        <span>{event.name}</span>
      </FitText>
      {meta && <div className={classes.eventMeta}>{meta}</div>}
    </div>
  );
}

export function RoundCard({ fw, title, eventName }: { fw: number; title: string; eventName: string }) {
  return (
    <div className={classes.centered} data-testid="round-card" key={`${fw}|${title}`}>
      <div className={`${classes.roundKicker} ${scene.fadeIn}`}>{projectorText.roundCard(fw)}</div>
      <div className={classes.roundRule} />
      <FitText className={`${classes.roundTitle} ${scene.fadeIn}`} max={150} min={60} fitKey={title}>
        <span data-testid="round-title">{title}</span>
      </FitText>
      <div className={classes.footerName}>{eventName}</div>
    </div>
  );
}
