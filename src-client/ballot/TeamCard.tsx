/** One team on the ballot: a big toggle button (aria-pressed) with its logo or initials, name and unit. */
import type { TVoteTeam } from '../../src/schemas/vote';
import { TeamBadge } from '../components/TeamBadge';
import styles from './Ballot.module.css';

/** Backgrounds for the initials, each at least 4.5:1 against white text. */
const BADGE_COLOURS = ['#a61e1e', '#1864ab', '#2b8a3e', '#862e9c', '#a61e4d', '#0b7285', '#5f3dc4', '#99330b'];
const BADGE_SIZE = 52;
const BADGE_FONT_SIZE = 19;

/** A team's logo or initials on the ballot, its tile coloured by the team's place in the list. */
export function BallotTeamBadge({ team, index }: { team: TVoteTeam; index: number }) {
  return (
    <TeamBadge
      name={team.name}
      logoUrl={team.logoUrl}
      size={BADGE_SIZE}
      fontScale={BADGE_FONT_SIZE / BADGE_SIZE}
      shape="tile"
      background={BADGE_COLOURS[index % BADGE_COLOURS.length]}
      lazy
    />
  );
}

export function TeamCard({
  team,
  index,
  pressed,
  blocked,
  onToggle,
}: {
  team: TVoteTeam;
  index: number;
  pressed: boolean;
  /** Every choice is taken: tapping tells so instead of choosing. */
  blocked: boolean;
  onToggle: (teamId: string) => void;
}) {
  return (
    <button
      type="button"
      className={styles.team}
      aria-pressed={pressed}
      aria-disabled={blocked || undefined}
      data-testid="ballot-team"
      data-team-id={team._id}
      onClick={() => onToggle(team._id)}
    >
      <BallotTeamBadge team={team} index={index} />
      <span className={styles.teamText}>
        <span className={styles.teamName}>{team.name}</span>
        {team.unit && <span className={styles.teamUnit}>{team.unit}</span>}
      </span>
      <span className={styles.check} aria-hidden="true">
        {pressed ? '✓' : ''}
      </span>
    </button>
  );
}
