/**
 * The question on the big screen: its text (shrunk to fit), media, the options as big tiles A–D,
 * the team on stage and the countdown; once the phase is `answer`, the right tile lights up and
 * the answer and its explanation appear.
 */
import { useEffect } from 'react';
import { movesText } from '../../../src/messages/moves';
import { projectorText } from '../../../src/messages/projector';
import { optionLetter, rightOptionIndex } from '../../../src/questionAnswer';
import type { ShowQuestion, ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { formatPoint } from '../../../src/valueFormat';
import { BuzzTurnBanner } from '../../formats/buzzer/BuzzTurnBanner';
import { Countdown } from './Countdown';
import { FitText, useFitGroup } from './FitText';
import { OnStageTeam } from './OnStageTeam';
import classes from './QuestionView.module.css';
import scene from './Scene.module.css';
import { STAGE_HEIGHT, useStageHeight } from './Stage';

/** The team on stage: a card beside the question, under the clock. */
const TEAM_CARD = { box: classes.teamCard, label: classes.teamCardLabel, name: classes.teamCardName };

function QuestionMedia({ media, silent }: { media: NonNullable<ShowQuestion['media']>; silent: boolean }) {
  if (media.kind === 'image') return <img className={classes.media} src={media.url} alt="" draggable={false} />;
  if (media.kind === 'video') {
    return <video className={classes.media} src={media.url} autoPlay playsInline muted={silent} preload="auto" />;
  }
  return (
    <div className={classes.audioBadge}>
      ♪ {projectorText.audio}
      {/* biome-ignore lint/a11y/useMediaCaption: contest media come as uploaded, with no caption track; the question text is on screen */}
      {!silent && <audio src={media.url} autoPlay preload="auto" />}
    </div>
  );
}

/**
 * Fetches a question's media before it is shown. The projector learns nothing of a question before
 * the master shows it but its media (`nextMedia`), which it warms up while the stage still shows the
 * round card, the scoreboard or the previous answer.
 */
export function useMediaPreload(media: ShowState['nextMedia'] | undefined, shown: boolean): void {
  const url = media?.url;
  const kind = media?.kind;
  useEffect(() => {
    if (!url || !kind || shown) return;
    if (kind === 'image') {
      const image = new Image();
      image.src = url;
      return;
    }
    const element = document.createElement(kind);
    element.preload = 'auto';
    element.muted = true;
    element.src = url;
    element.load();
    return () => {
      element.removeAttribute('src');
    };
  }, [url, kind, shown]);
}

export function QuestionView({
  system,
  listTeam,
  balance,
  silent,
}: {
  system: ShowState;
  listTeam: TTeamListItem[];
  balance: number;
  silent: boolean;
}) {
  const stageHeight = useStageHeight();
  const tallStage = stageHeight > STAGE_HEIGHT;
  // The options share one size: the smallest that fits them all.
  const optionSize = useFitGroup();
  const question = system.question;
  if (!question) return null;
  const revealed = system.phase === 'answer';
  const right = revealed ? rightOptionIndex(question) : -1;
  const team = listTeam.find((t) => t._id === system.activeTeamId);
  const buzzTurn = system.buzzTurn?.questionId === question.id ? system.buzzTurn : null;
  // Once the answer is out the time no longer matters (and must not beep over the explanation).
  const showTimer = !revealed && (system.timer.durationMs > 0 || system.timer.endsAt !== null);
  const rows = Math.ceil(question.options.length / 2);
  // A taller stage (4:3, 5:4) gives the tiles some of its extra height, so a long option keeps its size.
  const tileHeight = Math.round((rows <= 2 ? 150 : Math.max(96, Math.floor(330 / rows))) * Math.min(stageHeight / STAGE_HEIGHT, 1.25));
  const hasOptions = question.options.length > 0;
  const hasAnswerBox = revealed && Boolean(question.answer || question.explanation);
  // On a stage taller than 16:9 (4:3, 5:4) a long question lacks width, not height: it takes the
  // stage's whole width, and the side column moves down beside the options (and the answer). Not when
  // the side holds both the countdown and the team, which would take more height than the width gives.
  const wide = tallStage && showTimer !== Boolean(team) && (hasOptions || hasAnswerBox);
  const topRows = question.media ? 2 : 1;
  const grid = wide
    ? {
        body: {
          gridTemplateRows: [
            ...Array<string>(topRows).fill('minmax(0, 1fr)'),
            ...(hasOptions ? ['auto'] : []),
            ...(hasAnswerBox ? ['auto'] : []),
          ].join(' '),
        },
        side: { gridRow: `${topRows + 1} / -1` },
      }
    : { body: undefined, side: undefined };

  return (
    <div className={classes.question} key={question.id}>
      {buzzTurn ? (
        <BuzzTurnBanner team={listTeam.find((t) => t._id === buzzTurn.teamId)?.name ?? movesText.unknownTeam} />
      ) : (
        <div className={classes.questionHeader}>
          <span className={classes.chipGold}>{projectorText.questionLabel(question.index + 1)}</span>
          {system.suddenDeath ? (
            // A câu hỏi phụ scores nothing: the chip says whom it is for, then who won it.
            <span className={classes.chip} data-testid="sudden-death-chip">
              {system.suddenDeath.winnerId
                ? projectorText.suddenDeathWinner(listTeam.find((t) => t._id === system.suddenDeath?.winnerId)?.name ?? '')
                : projectorText.suddenDeath(
                    system.suddenDeath.teamIds.map((id) => listTeam.find((t) => t._id === id)?.name ?? '').join(', '),
                  )}
            </span>
          ) : (
            question.point > 0 && <span className={classes.chip}>{projectorText.points(formatPoint(question.point))}</span>
          )}
          <span className={classes.roundName}>
            {projectorText.roundCard(system.fw)} · {system.title}
          </span>
        </div>
      )}
      <div className={classes.questionBody} style={grid.body} data-layout={wide ? 'wide' : undefined}>
        <div className={classes.questionMain}>
          <FitText className={`${classes.questionText} ${scene.fadeIn}`} max={88} min={34} fitKey={`${question.content}|${revealed}`}>
            <span data-testid="question-content">{question.content}</span>
          </FitText>
          {question.media && (
            <div className={classes.mediaRow}>
              <QuestionMedia media={question.media} silent={silent} />
            </div>
          )}
          {question.options.length > 0 && (
            <div className={classes.options}>
              {question.options.map((option, index) => {
                const tile = !revealed || right < 0 ? classes.option : index === right ? classes.optionRight : classes.optionDim;
                return (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position (A, B, C, D)
                    key={index}
                    className={tile}
                    style={{ height: tileHeight }}
                    data-testid="option"
                    data-right={revealed && index === right ? 'true' : undefined}
                  >
                    <span className={classes.optionLetter}>{optionLetter(index)}</span>
                    <FitText
                      className={classes.optionText}
                      style={{ height: tileHeight - 20 }}
                      max={54}
                      min={26}
                      fitKey={option}
                      group={optionSize}
                    >
                      <span>{option}</span>
                    </FitText>
                  </div>
                );
              })}
            </div>
          )}
          {revealed && (question.answer || question.explanation) && (
            <div className={classes.answerBox}>
              {question.answer && (
                <div>
                  <span className={classes.answerLabel}>{projectorText.answer}: </span>
                  <span className={classes.answerText} data-testid="revealed-answer">
                    {question.answer}
                  </span>
                </div>
              )}
              {question.explanation && (
                <FitText className={classes.explanation} max={36} min={22} fitKey={question.explanation}>
                  <span>{question.explanation}</span>
                </FitText>
              )}
            </div>
          )}
        </div>
        {(showTimer || team) && (
          <div className={classes.questionSide} style={grid.side}>
            {showTimer && <Countdown timer={system.timer} balance={balance} silent={silent} />}
            {team && <OnStageTeam name={team.name} classes={TEAM_CARD} max={48} min={24} testId="active-team" />}
          </div>
        )}
      </div>
    </div>
  );
}
