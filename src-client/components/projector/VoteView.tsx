/**
 * The audience vote on the projectors (/screen's `vote` phase, screen 2's `vote` mode) and, compact,
 * on the livestream overlay: while it is open, the QR code and the short address to vote at beside the
 * live tally; once closed, the final tally with the winners lit; with no vote yet, a calm card.
 * A chunk of its own, loaded the first time a vote is on screen (the projector's first load stays lean).
 */
import { useEffect, useMemo, useState } from 'react';
import { projectorText } from '../../../src/messages/projector';
import type { ShowState, ShowTimer } from '../../../src/schemas/show';
import type { TVote, TVoteAnswer } from '../../../src/schemas/vote';
import { formatCountdown, formatPoint } from '../../../src/valueFormat';
import { useLiveEvent, useLiveNewerThan } from '../../hooks/liveEvents';
import { useCountdown } from '../../hooks/useCountdown';
import { trpcClient } from '../../trpcClient';
import { TeamBadge } from '../TeamBadge';
import { FitText } from './FitText';
import { useStageHeight } from './Stage';
import { useEventSettings } from './useEventSettings';
import classes from './VoteView.module.css';

const text = projectorText.vote;

/** The address as people type it: no scheme, no trailing slash ("http://192.168.1.20:3000/" → "192.168.1.20:3000"). */
export function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}

/**
 * The vote as this screen last heard of it, and the address to vote at. The live `vote` message keeps
 * it current; `GET /api/vote` (tRPC `vote.get`) is read once per vote for the address, and stands in
 * for the vote until a message comes. The newer by event order wins (`liveWins`): an answer read before a
 * message but received after it does not hide it.
 */
export function useVote(): { vote: TVote | null; url: string | null; known: boolean } {
  const live = useLiveEvent('vote');
  const [read, setRead] = useState<TVoteAnswer | null>(null);
  const voteId = live?.vote?._id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when another vote opens (its id)
  useEffect(() => {
    let current = true;
    trpcClient.vote.get.query().then(
      (answer) => {
        if (current) setRead(answer);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [voteId]);
  const newer = useLiveNewerThan('vote', read);
  return {
    vote: newer ? newer.vote : (read?.vote ?? null),
    url: read?.url ?? null,
    known: live !== null || read !== null,
  };
}

/** The teams with the most votes once the vote is closed (ties all win); none without a vote cast. */
export function voteWinners(vote: TVote): Set<string> {
  if (vote.open || !vote.tally) return new Set();
  const top = Math.max(0, ...vote.tally.map((c) => c.count));
  return new Set(top > 0 ? vote.tally.filter((c) => c.count === top).map((c) => c.teamId) : []);
}

/**
 * One bar a team, its length in proportion to its votes (the leader's fills the track). Each row keeps
 * its node and glides to its place (a transform), so when the closed vote sorts by votes nothing jumps;
 * the bars grow by a width transition.
 */
export function VoteBars({ vote, height, compact = false }: { vote: TVote; height: number; compact?: boolean }) {
  const counts = new Map((vote.tally ?? []).map((c) => [c.teamId, c.count]));
  const known = vote.tally !== null;
  const top = Math.max(1, ...counts.values());
  const winners = voteWinners(vote);
  // Ballot order while it is open (each team keeps its place); most votes first once it is over.
  const order = vote.open ? vote.teams : [...vote.teams].sort((a, b) => (counts.get(b._id) ?? 0) - (counts.get(a._id) ?? 0));
  const position = new Map(order.map((team, index) => [team._id, index]));
  const gap = compact ? 8 : 16;
  const pitch = Math.min(compact ? 76 : 150, height / Math.max(order.length, 1));
  const rowHeight = Math.max(compact ? 26 : 36, pitch - gap);
  const badge = Math.round(rowHeight * (compact ? 0.78 : 0.72));
  const nameSize = Math.max(16, Math.round(rowHeight * (compact ? 0.38 : 0.3)));
  const nameBox = Math.floor(rowHeight * 0.6);
  const countSize = Math.max(18, Math.round(rowHeight * (compact ? 0.5 : 0.42)));

  return (
    <div className={classes.bars} style={{ height: order.length * pitch }} data-testid="vote-bars">
      {vote.teams.map((team) => {
        const count = counts.get(team._id) ?? 0;
        const winner = winners.has(team._id);
        return (
          <div
            key={team._id}
            className={compact ? classes.barRowCompact : classes.barRow}
            style={{ height: rowHeight, transform: `translateY(${(position.get(team._id) ?? 0) * pitch}px)` }}
            data-testid="vote-bar"
            data-team-id={team._id}
            data-count={known ? count : undefined}
            data-winner={winner || undefined}
            role="img"
            aria-label={text.barLabel(team.name, count)}
          >
            <TeamBadge name={team.name} logoUrl={team.logoUrl} size={badge} fontScale={0.38} />
            <div className={classes.barMain} style={{ gap: Math.round(rowHeight * 0.08) }}>
              {/* The name takes what the row leaves above the bar: one line, or two smaller ones, never cut. */}
              <FitText
                className={classes.barName}
                style={{ height: nameBox }}
                max={nameSize}
                min={Math.min(nameSize, 10)}
                fitKey={`${team.name}|${winner}|${nameSize}|${nameBox}`}
              >
                <span>
                  {winner && <span className={classes.crown}>★ </span>}
                  {team.name}
                </span>
              </FitText>
              <div className={classes.track} style={{ height: Math.max(8, Math.round(rowHeight * (compact ? 0.22 : 0.3))) }}>
                <div className={classes.fill} style={{ width: `${(count / top) * 100}%` }} data-testid="vote-fill" />
              </div>
            </div>
            <div className={classes.count} style={{ fontSize: countSize, minWidth: countSize * 2.6 }} data-testid="vote-count">
              {known ? text.count(count) : '–'}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** "Còn 4:12" while an open vote closes by itself, else "Đang mở"; "Bình chọn đã kết thúc" once closed. */
export function VoteStatus({ vote, balance, className }: { vote: TVote; balance: number; className?: string }) {
  const endsAt = vote.open ? vote.closesAt : null;
  const timer = useMemo<ShowTimer>(() => ({ durationMs: 0, endsAt, remainingMs: 0 }), [endsAt]);
  const { seconds, running } = useCountdown(timer, balance);
  const label = !vote.open ? text.closed : running ? text.timeLeft(formatCountdown(seconds)) : text.open;
  return (
    <span className={className} data-testid="vote-status" data-open={vote.open || undefined}>
      {label}
    </span>
  );
}

/** The title row, the QR code's column and the ballots line take this much of the stage's height. */
const HEAD_HEIGHT = 120;
const PADDING = 48 + 44;
const FOOT_HEIGHT = 84;

export default function VoteView({ system, balance }: { system: ShowState; balance: number }) {
  const { vote, url, known } = useVote();
  const event = useEventSettings(system.event);
  const stageHeight = useStageHeight();

  if (!vote) {
    return (
      <div className={classes.none} data-testid="vote-view" data-state={known ? 'none' : 'loading'}>
        <img className={classes.noneLogo} src={event.logoUrl} alt="" draggable={false} />
        {known && (
          <>
            <div className={classes.noneTitle}>{text.none}</div>
            <div className={classes.noneHint}>{text.noneHint}</div>
          </>
        )}
      </div>
    );
  }

  const address = url ? shortAddress(url) : '';
  const rowsHeight = stageHeight - PADDING - HEAD_HEIGHT - FOOT_HEIGHT;
  return (
    <div className={classes.stage} data-testid="vote-view" data-state={vote.open ? 'open' : 'closed'}>
      <div className={classes.head}>
        <span className={classes.title}>{text.title}</span>
        <VoteStatus vote={vote} balance={balance} className={vote.open ? classes.status : classes.statusClosed} />
      </div>
      <div className={classes.body}>
        {vote.open && (
          <aside className={classes.join}>
            <div className={classes.qrCard}>
              {/* The server draws the code (black on white); a new vote asks for it again. */}
              <img
                className={classes.qr}
                src={`/api/vote/qr.svg?vote=${encodeURIComponent(vote._id)}`}
                alt={text.qrAlt(address)}
                draggable={false}
                data-testid="vote-qr"
              />
            </div>
            <FitText className={classes.address} max={64} min={28} fitKey={address}>
              <span data-testid="vote-address">{address}</span>
            </FitText>
            <div className={classes.hint}>{text.scanHint}</div>
          </aside>
        )}
        <section className={classes.tally}>
          <div className={classes.rows}>
            <VoteBars vote={vote} height={rowsHeight} />
          </div>
          <div className={classes.foot}>
            {vote.award && (
              <span className={classes.award} data-testid="vote-award">
                {text.awarded(formatPoint(vote.award.points))}
              </span>
            )}
            {vote.ballots !== null && (
              <span className={classes.ballots} data-testid="vote-ballots">
                {vote.ballots === 0 && !vote.open ? text.noBallots : text.ballots(vote.ballots)}
              </span>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
