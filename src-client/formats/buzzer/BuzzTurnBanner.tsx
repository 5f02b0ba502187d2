import { movesText } from '../../../src/messages/moves';
import { FitText } from '../../components/projector/FitText';
import classes from './BuzzTurnBanner.module.css';

/** Whose turn it is on a buzzer question, over the question while the team answers. */
export function BuzzTurnBanner({ team }: { team: string }) {
  const text = movesText.buzzTurn(team);
  return (
    <div className={classes.buzzTurn} data-testid="buzz-turn" role="status">
      <svg className={classes.buzzTurnBell} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 2a1.5 1.5 0 0 0-1.5 1.5v.6A6.5 6.5 0 0 0 5.5 10.5v4.2L3.6 17a.9.9 0 0 0 .7 1.5h15.4a.9.9 0 0 0 .7-1.5l-1.9-2.3v-4.2a6.5 6.5 0 0 0-5-6.4v-.6A1.5 1.5 0 0 0 12 2Zm-2.6 17.6a2.6 2.6 0 0 0 5.2 0Z"
          fill="currentColor"
        />
      </svg>
      <FitText className={classes.buzzTurnText} max={76} min={36} fitKey={text}>
        <span>{text}</span>
      </FitText>
    </div>
  );
}
