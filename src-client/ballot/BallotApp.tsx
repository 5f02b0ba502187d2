/**
 * The ballot: the teams as big toggles, "Gửi bình chọn", then the thanks with what was chosen (and
 * "Đổi bình chọn" when the vote allows changes), or "Bình chọn đã kết thúc". A send the server asks
 * to repeat later (429: a hall's burst behind one router) is sent again by itself, the page saying
 * "Đang gửi lại…" meanwhile (`api.ts`); the server's other refusals show in its own words in the alert
 * region; a send that got no answer keeps the choice for a retry.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BallotPageData } from '../../src/ballotPage';
import { ballotText } from '../../src/messages/ballot';
import type { TVote } from '../../src/schemas/vote';
import { sendBallot } from './api';
import styles from './Ballot.module.css';
import { BallotTeamBadge, TeamCard } from './TeamCard';
import { useVoteAnswer } from './useVoteAnswer';

type View = 'ballot' | 'thanks' | 'closed';

interface SendError {
  message: string;
  /** No answer, or asked to wait (429): the same choice may be sent again. */
  retry: boolean;
}

/**
 * The closing time on the phone's own clock (in the hall, Vietnam's). Not DISPLAY_TIME_ZONE: importing
 * src/constants.ts would put it in a chunk shared with the app and the projector, one file more each.
 */
const closingTime = (ms: number) => new Date(ms).toLocaleTimeString('vi-VN', { hour: '2-digit', minute: '2-digit' });

export function BallotApp({ initial }: { initial: BallotPageData }) {
  const { answer, refresh, markCast } = useVoteAnswer(initial.answer);
  const vote = answer.vote?.open ? answer.vote : null;
  const [selected, setSelected] = useState<string[]>(() => answer.mine ?? []);
  const [editing, setEditing] = useState(false);
  const [sending, setSending] = useState(false);
  /** Asked to wait (429) and sending again by itself: a calm note, not an error. */
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<SendError | null>(null);
  const [hint, setHint] = useState<string | null>(null);

  // Another vote (closed and opened again): its ballot starts afresh.
  const [voteId, setVoteId] = useState(vote?._id ?? null);
  if ((vote?._id ?? null) !== voteId) {
    setVoteId(vote?._id ?? null);
    setSelected(answer.mine ?? []);
    setEditing(false);
    setError(null);
    setHint(null);
  }

  const view: View = !vote ? 'closed' : answer.mine && !editing ? 'thanks' : 'ballot';

  useEffect(() => {
    document.title = initial.eventName ? `${ballotText.pageTitle} · ${initial.eventName}` : ballotText.pageTitle;
  }, [initial.eventName]);

  // A new view takes the focus to its heading, so a screen reader says what happened.
  const heading = useRef<HTMLElement | null>(null);
  const headingRef = useCallback((element: HTMLElement | null) => {
    heading.current = element;
  }, []);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    heading.current?.focus();
  }, [view]);

  const onBallot = new Set(vote?.teams.map((t) => t._id));
  const chosen = selected.filter((id) => onBallot.has(id));

  function toggle(teamId: string) {
    if (!vote) return;
    setError(null);
    if (chosen.includes(teamId)) {
      setSelected(chosen.filter((id) => id !== teamId));
      setHint(null);
    } else if (vote.choices === 1) {
      setSelected([teamId]);
    } else if (chosen.length >= vote.choices) {
      setHint(ballotText.full(vote.choices));
    } else {
      setSelected([...chosen, teamId]);
      setHint(null);
    }
  }

  async function send() {
    if (!vote || chosen.length === 0 || sending) return;
    setSending(true);
    setError(null);
    setHint(null);
    markCast(null);
    const result = await sendBallot(chosen, () => setResending(true));
    setSending(false);
    setResending(false);
    if (result.ok) {
      markCast(chosen);
      setEditing(false);
      void refresh();
      return;
    }
    const answered = result.status > 0 && result.status < 500;
    setError({ message: (answered && result.message) || ballotText.sendFailed, retry: !answered || result.status === 429 });
    // Voted already (another tab) or closed meanwhile: the page catches up and shows which.
    if (result.status === 409) {
      setEditing(false);
      void refresh();
    }
  }

  function change() {
    setSelected(answer.mine ?? []);
    setError(null);
    setEditing(true);
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {initial.eventName && <p className={styles.event}>{initial.eventName}</p>}
        <h1 className={styles.title}>{ballotText.title}</h1>
        {vote?.closesAt != null && <p className={styles.closes}>{ballotText.closesAt(closingTime(vote.closesAt))}</p>}
      </header>
      <main className={styles.main}>
        {view !== 'closed' && (
          <div role="alert" className={styles.alertRegion}>
            {error && <p className={styles.alert}>{error.message}</p>}
          </div>
        )}
        {view === 'ballot' && vote && (
          <section className={styles.ballot} aria-labelledby="ballot-hint" data-testid="ballot">
            <p id="ballot-hint" className={styles.hint} tabIndex={-1} ref={headingRef}>
              {vote.choices > 1 ? ballotText.pickUpTo(vote.choices) : ballotText.pickOne}
            </p>
            <ul className={styles.teams} aria-labelledby="ballot-hint">
              {vote.teams.map((team, index) => (
                <li key={team._id}>
                  <TeamCard
                    team={team}
                    index={index}
                    pressed={chosen.includes(team._id)}
                    blocked={vote.choices > 1 && chosen.length >= vote.choices && !chosen.includes(team._id)}
                    onToggle={toggle}
                  />
                </li>
              ))}
            </ul>
            <p role="status" className={styles.status} data-testid="ballot-status">
              {resending ? ballotText.resendingHint : hint}
            </p>
            <div className={styles.sendBar}>
              {vote.choices > 1 && <p className={styles.count}>{ballotText.pickedCount(chosen.length, vote.choices)}</p>}
              <div className={styles.actions}>
                <button type="button" className={styles.send} disabled={chosen.length === 0 || sending} onClick={() => void send()}>
                  {resending ? ballotText.resending : sending ? ballotText.sending : error?.retry ? ballotText.sendAgain : ballotText.send}
                </button>
                {editing && answer.mine && (
                  <button type="button" className={styles.secondary} onClick={() => setEditing(false)}>
                    {ballotText.keepChoice}
                  </button>
                )}
              </div>
            </div>
          </section>
        )}
        {view === 'thanks' && vote && (
          <Thanks vote={vote} mine={answer.mine ?? []} heading={headingRef} onChange={vote.changeable ? change : null} />
        )}
        {view === 'closed' && (
          <section className={styles.done} aria-labelledby="ballot-closed" data-testid="ballot-closed">
            <h2 id="ballot-closed" className={styles.doneTitle} tabIndex={-1} ref={headingRef}>
              {ballotText.closed}
            </h2>
            <p className={styles.note}>{ballotText.closedHint}</p>
            <a className={styles.secondary} href="/">
              {ballotText.toEvent}
            </a>
          </section>
        )}
      </main>
    </div>
  );
}

function Thanks({
  vote,
  mine,
  heading,
  onChange,
}: {
  vote: TVote;
  mine: string[];
  heading: (element: HTMLElement | null) => void;
  onChange: (() => void) | null;
}) {
  const picked = vote.teams.flatMap((team, index) => (mine.includes(team._id) ? [{ team, index }] : []));
  return (
    <section className={styles.done} aria-labelledby="ballot-thanks" data-testid="ballot-thanks">
      <span className={styles.doneMark} aria-hidden="true">
        ✓
      </span>
      <h2 id="ballot-thanks" className={styles.doneTitle} tabIndex={-1} ref={heading}>
        {ballotText.thanks}
      </h2>
      <p className={styles.note}>{ballotText.yourChoice}</p>
      <ul className={styles.chosen}>
        {picked.map(({ team, index }) => (
          <li key={team._id} className={styles.chosenTeam} data-testid="ballot-mine" data-team-id={team._id}>
            <BallotTeamBadge team={team} index={index} />
            <span className={styles.teamText}>
              <span className={styles.teamName}>{team.name}</span>
              {team.unit && <span className={styles.teamUnit}>{team.unit}</span>}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>{ballotText.resultsOnScreen}</p>
      {onChange && (
        <button type="button" className={styles.secondary} onClick={onChange}>
          {ballotText.change}
        </button>
      )}
    </section>
  );
}
