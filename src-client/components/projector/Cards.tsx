/** The simple stage cards: the event's logo and name, the round title card, and the rules. */
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../src/format';
import { messages } from '../../../src/messages';
import { useTRPC } from '../../trpc';
import { Markdown } from '../markdown/Markdown';
import { sortRules } from '../rules/sortRules';
import { FitText } from './FitText';
import classes from './Projector.module.css';
import type { useEventSettings } from './useEventSettings';

type EventSettings = ReturnType<typeof useEventSettings>;

export function LogoCard({ event }: { event: EventSettings }) {
  const meta = [formatDate(event.date), event.venue].filter(Boolean).join(' · ');
  return (
    <div className={`${classes.centered} ${classes.fadeIn}`} data-testid="logo-card">
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
      <div className={`${classes.roundKicker} ${classes.fadeIn}`}>{messages.projector.roundCard(fw)}</div>
      <div className={classes.roundRule} />
      <FitText className={`${classes.roundTitle} ${classes.fadeIn}`} max={150} min={60} fitKey={title}>
        <span data-testid="round-title">{title}</span>
      </FitText>
      <div className={classes.footerName}>{eventName}</div>
    </div>
  );
}

export function RulesView() {
  const trpc = useTRPC();
  // Read again each time the rules come on screen, so an edit made during the night shows.
  const rules = sortRules(useQuery({ ...trpc.rules.all.queryOptions(), refetchOnMount: 'always' }).data?.items ?? []);
  const key = rules.map((r) => `${r._id}:${r.data.title.length}:${r.data.content.length}`).join('|');
  return (
    <div className={classes.rules} data-testid="rules">
      <div className={classes.boardTitle}>{messages.projector.rules}</div>
      {rules.length === 0 ? (
        <div className={classes.emptyNote}>{messages.projector.noRules}</div>
      ) : (
        <FitText className={classes.rulesBody} max={44} min={20} fitKey={key}>
          {rules.map((rule) => (
            <div key={rule._id} className={classes.rule}>
              <div className={classes.ruleTitle}>{rule.data.title}</div>
              <div className={classes.ruleContent}>
                <Markdown source={rule.data.content} />
              </div>
            </div>
          ))}
        </FitText>
      )}
    </div>
  );
}
