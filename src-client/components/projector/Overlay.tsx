/**
 * The livestream overlay, `/screen?overlay=1`: a 1920×1080 browser source for OBS, transparent but for
 * what it draws, following the scene the master chose for it (`system.overlay`) apart from the
 * projectors: the lower third (the question, the countdown, the team on stage and the top five), a
 * compact scoreboard, the vote's bars with the address to vote at, or nothing. Silent, no start mark,
 * and only a small dim sign once an outage lasts (the console reports it at once). A lazy chunk: the projectors never load it.
 */

import { projectorText } from '../../../src/messages/projector';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { formatPoint } from '../../../src/valueFormat';
import { useLiveState } from '../../projector/liveState';
import { ProjectorFrame } from '../../projector/ProjectorFrame';
import { useProjectorReport } from '../../projector/presence';
import { TeamBadge } from '../TeamBadge';
import { Countdown } from './Countdown';
import { FitText } from './FitText';
import { OnStageTeam } from './OnStageTeam';
import classes from './Overlay.module.css';
import { OfflineSign } from './Overlays';
import { rankedTeams } from './Scoreboard';
import { Stage } from './Stage';
import { useEventSettings } from './useEventSettings';
import { shortAddress, useVote, VoteBars, VoteStatus } from './VoteView';

const TOP = 5;

/** Rank, name and total: the lower third's top five and the scoreboard scene share the row. */
function StandingRow({
  team,
  index,
  pitch,
  height,
  logos,
}: {
  team: TTeamListItem;
  index: number;
  pitch: number;
  height: number;
  logos: boolean;
}) {
  const badge = Math.round(height * 0.72);
  return (
    <div
      className={team.rank === 1 ? classes.standingTop : classes.standing}
      style={{ height, transform: `translateY(${index * pitch}px)` }}
      data-testid="overlay-standing"
      data-rank={team.rank}
    >
      <span className={classes.rank} data-rank={team.rank} style={{ width: badge, height: badge, fontSize: badge * 0.52 }}>
        {team.rank}
      </span>
      {logos && <TeamBadge name={team.name} logoUrl={team.logoUrl} size={badge} fontScale={0.38} />}
      {/* A long name wraps and shrinks to the row rather than lose its end. */}
      <FitText
        className={classes.standingName}
        style={{ height }}
        max={Math.round(Math.min(30, height * 0.48))}
        min={Math.min(Math.round(Math.min(30, height * 0.48)), 12)}
        fitKey={`${team.name}|${height}`}
      >
        <span>{team.name}</span>
      </FitText>
      <span className={classes.standingTotal} style={{ fontSize: Math.round(Math.min(32, height * 0.54)) }} data-testid="overlay-total">
        {formatPoint(team.total)}
      </span>
    </div>
  );
}

/** The teams ranked, each row gliding to its place (its node kept, sorted by id) when the order changes. */
function Standings({ listTeam, limit, pitch, logos }: { listTeam: TTeamListItem[]; limit: number; pitch: number; logos: boolean }) {
  const ranked = rankedTeams(listTeam).slice(0, limit);
  const position = new Map(ranked.map((team, index) => [team._id, index]));
  const stable = [...ranked].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  const height = Math.max(22, pitch - 6);
  return (
    <div className={classes.standings} style={{ height: ranked.length * pitch }}>
      {stable.map((team) => (
        <StandingRow key={team._id} team={team} index={position.get(team._id) ?? 0} pitch={pitch} height={height} logos={logos} />
      ))}
    </div>
  );
}

/** The team on stage: a gold tab over the band. */
const TEAM_TAB = { box: classes.teamTab, label: classes.teamTabLabel, name: classes.teamTabName };

function LowerThird({ system, listTeam, balance }: { system: ShowState; listTeam: TTeamListItem[]; balance: number }) {
  const event = useEventSettings(system.event);
  // The public state carries the question only in the phases that show it; the overlay follows suit.
  const question = system.phase === 'question' || system.phase === 'answer' ? system.question : null;
  const revealed = system.phase === 'answer';
  const team = listTeam.find((t) => t._id === system.activeTeamId);
  const showTimer = Boolean(question) && !revealed && (system.timer.durationMs > 0 || system.timer.endsAt !== null);
  const round = [projectorText.roundCard(system.fw), system.title].filter(Boolean).join(' · ');
  const kicker = question
    ? [projectorText.questionLabel(question.index + 1), question.point > 0 ? projectorText.points(formatPoint(question.point)) : '', round]
        .filter(Boolean)
        .join(' · ')
    : round;
  const main = question?.content ?? event.name;
  return (
    <div className={classes.lowerThird} data-testid="overlay-lower-third">
      <div className={classes.bandColumn}>
        {team && <OnStageTeam name={team.name} classes={TEAM_TAB} max={32} min={18} testId="overlay-team" />}
        <div className={classes.band}>
          {showTimer && (
            <div className={classes.clock}>
              <div className={classes.clockScale}>
                <Countdown timer={system.timer} balance={balance} silent />
              </div>
            </div>
          )}
          <div className={classes.bandText}>
            <div className={classes.kicker}>
              <span className={classes.kickerText}>{kicker}</span>
              {revealed && question?.answer && (
                <span className={classes.answerChip} data-testid="overlay-answer">
                  {projectorText.answer}: {question.answer}
                </span>
              )}
            </div>
            <FitText className={classes.mainText} max={46} min={22} fitKey={main}>
              <span data-testid={question ? 'overlay-question' : 'overlay-event'}>{main}</span>
            </FitText>
          </div>
        </div>
      </div>
      {listTeam.length > 0 && (
        <div className={classes.mini} data-testid="overlay-top">
          <div className={classes.panelTitle}>{projectorText.scoreboard}</div>
          <Standings listTeam={listTeam} limit={TOP} pitch={54} logos={false} />
        </div>
      )}
    </div>
  );
}

/** The scoreboard panel's title and padding, which its rows share the canvas's height with. */
const BOARD_CHROME = 64 + 32 + 160;

function ScoreboardScene({ listTeam }: { listTeam: TTeamListItem[] }) {
  const pitch = Math.min(68, (1080 - BOARD_CHROME) / Math.max(listTeam.length, 1));
  return (
    <div className={classes.board} data-testid="overlay-scoreboard">
      <div className={classes.panelTitle}>{projectorText.scoreboard}</div>
      {listTeam.length === 0 ? (
        <div className={classes.empty}>{projectorText.noTeams}</div>
      ) : (
        <Standings listTeam={listTeam} limit={listTeam.length} pitch={pitch} logos />
      )}
    </div>
  );
}

function VoteScene({ balance }: { balance: number }) {
  const { vote, url } = useVote();
  if (!vote) return null;
  const height = Math.min(vote.teams.length * 76, 560);
  return (
    <div className={classes.votePanel} data-testid="overlay-vote">
      <div className={classes.voteHead}>
        <span className={classes.panelTitleInline}>{projectorText.vote.title}</span>
        <VoteStatus vote={vote} balance={balance} className={vote.open ? classes.voteStatus : classes.voteStatusClosed} />
      </div>
      <VoteBars vote={vote} height={height} compact />
      <div className={classes.voteFoot}>
        {vote.open && url ? (
          <span className={classes.voteAddress}>
            {projectorText.vote.voteAt} <strong data-testid="vote-address">{shortAddress(url)}</strong>
          </span>
        ) : (
          <span />
        )}
        {vote.ballots !== null && (
          <span className={classes.voteBallots} data-testid="vote-ballots">
            {projectorText.vote.ballots(vote.ballots)}
          </span>
        )}
      </div>
    </div>
  );
}

export default function OverlayPage() {
  const { system, listTeam, balance } = useLiveState();
  const event = useEventSettings(system.event);
  const scene = system.overlay ?? 'lowerThird';
  const title = `${projectorText.overlay.title} · ${event.name}`;
  // OBS plays sound without a click: the overlay only says it is connected.
  useProjectorReport('overlay', false);
  return (
    <ProjectorFrame title={title}>
      <Stage transparent data-testid="overlay" data-scene={scene} overlay={<OfflineSign discreet />}>
        {/* A scene fades in as the master switches to it (each its own node). */}
        <div key={scene} className={classes.scene}>
          {scene === 'lowerThird' && <LowerThird system={system} listTeam={listTeam} balance={balance} />}
          {scene === 'scoreboard' && <ScoreboardScene listTeam={listTeam} />}
          {scene === 'vote' && <VoteScene balance={balance} />}
        </div>
      </Stage>
    </ProjectorFrame>
  );
}
