/**
 * The finish round (Về đích) on the big screen: the team on stage, its package as a row of chips
 * (the points of each question, the star of hope, each result, the question on air lit), the question
 * with its countdown, and after a miss the steal window: its seconds, who buzzed first, the outcome.
 */

import { projectorText } from '../../../src/messages/projector';
import type { FinishScene, ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { formatPoint } from '../../../src/valueFormat';
import { Countdown } from '../../components/projector/Countdown';
import { FitText } from '../../components/projector/FitText';
import { useCountdown } from '../../hooks/useCountdown';
import classes from './FinishStage.module.css';

const T = projectorText.finish;
const RESULT_MARK = { right: '✓', wrong: '✗', timeout: '⏱' } as const;

export function FinishStage({
  system,
  finish,
  listTeam,
  balance,
  silent,
}: {
  system: ShowState;
  finish: FinishScene;
  listTeam: TTeamListItem[];
  balance: number;
  silent: boolean;
}) {
  const name = (id: string | null) => listTeam.find((t) => t._id === id)?.name ?? '';
  const pkg = finish.packageIndex === null ? null : (finish.packages[finish.packageIndex] ?? null);
  const question = system.phase === 'question' || system.phase === 'answer' ? system.question : null;
  const onAir = question ? finish.picks.indexOf(question.id) : -1;
  const revealed = system.phase === 'answer';
  const showTimer = Boolean(question) && !revealed && !finish.steal && (system.timer.durationMs > 0 || system.timer.endsAt !== null);

  return (
    <div className={classes.stage} data-testid="finish-stage">
      <div className={classes.header}>
        <div className={classes.who}>
          <div className={classes.kicker}>{T.title}</div>
          <FitText className={classes.team} max={72} min={32} fitKey={name(finish.teamId)}>
            <span data-testid="finish-team">{name(finish.teamId)}</span>
          </FitText>
        </div>
        {pkg ? (
          <div className={classes.chips} data-testid="finish-package">
            {pkg.map((value, i) => {
              const result = finish.results[i] ?? null;
              return (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: a position is its place in the package
                  key={i}
                  className={classes.chip}
                  data-on-air={onAir === i || undefined}
                  data-result={result ?? undefined}
                  data-star={finish.star === i || undefined}
                  data-testid="finish-chip"
                >
                  {finish.star === i && (
                    <span className={classes.star} role="img" aria-label={T.star}>
                      ★
                    </span>
                  )}
                  <span>{value.toLocaleString('vi-VN')}</span>
                  {result && (
                    <span className={classes.mark} role="img" aria-label={T.results[result]}>
                      {RESULT_MARK[result]}
                    </span>
                  )}
                </div>
              );
            })}
            <div className={classes.sum}>{T.packageTotal(pkg.reduce((s, v) => s + v, 0))}</div>
          </div>
        ) : (
          <div className={classes.choosing}>{T.choosing}</div>
        )}
      </div>

      <div className={classes.body}>
        {question ? (
          <>
            <div className={classes.main}>
              <div className={classes.questionMeta}>
                {T.questionOf(onAir + 1, pkg?.length ?? 0)} · {projectorText.points(formatPoint(question.point))}
                {finish.star === onAir && onAir >= 0 && <span className={classes.starNote}> · {T.starOn}</span>}
              </div>
              <FitText className={classes.question} max={84} min={34} fitKey={`${question.content}|${revealed}`}>
                <span data-testid="question-content">{question.content}</span>
              </FitText>
              {revealed && question.answer && (
                <div className={classes.answer}>
                  {projectorText.answer}: <strong data-testid="revealed-answer">{question.answer}</strong>
                </div>
              )}
            </div>
            {showTimer && (
              <div className={classes.side}>
                <Countdown timer={system.timer} balance={balance} silent={silent} />
              </div>
            )}
          </>
        ) : (
          <div className={classes.waiting}>
            {pkg && finish.star !== null ? T.starPlaced(finish.star + 1) : pkg ? T.ready : T.choosingHint}
          </div>
        )}
      </div>

      {finish.steal && <StealBanner finish={finish} balance={balance} name={name} />}
    </div>
  );
}

function StealBanner({ finish, balance, name }: { finish: FinishScene; balance: number; name: (id: string | null) => string }) {
  const steal = finish.steal!;
  const { seconds, running } = useCountdown({ durationMs: 0, endsAt: steal.endsAt, remainingMs: 0 }, balance);
  // The first buzz answers (the show names it as soon as it arrives).
  const stealer = steal.teamId;
  let text: string;
  if (steal.result && steal.teamId)
    text = steal.result === 'right' ? T.stealRight(name(steal.teamId), steal.point) : T.stealWrong(name(steal.teamId), steal.point / 2);
  else if (stealer) text = T.stealAnswering(name(stealer));
  else text = running ? T.stealOpen : T.stealNobody;
  return (
    <div
      className={classes.steal}
      data-testid="finish-steal-banner"
      data-open={(running && !stealer) || undefined}
      data-result={steal.result ?? undefined}
    >
      <div className={classes.stealTitle}>{T.steal(steal.point)}</div>
      <div className={classes.stealText} data-testid="finish-steal-text">
        {text}
      </div>
      {!steal.result && !stealer && (
        <div className={classes.stealClock} data-testid="finish-steal-clock">
          {running ? seconds : 0}
        </div>
      )}
    </div>
  );
}
