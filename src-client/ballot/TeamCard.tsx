/** One team on the ballot: a big toggle button (aria-pressed) with its logo or initials, name and unit. */
import type { TVoteTeam } from '../../src/schemas/vote';
import styles from './Ballot.module.css';

/** Backgrounds for the initials, each at least 4.5:1 against white text. */
const BADGE_COLOURS = ['#a61e1e', '#1864ab', '#2b8a3e', '#862e9c', '#a61e4d', '#0b7285', '#5f3dc4', '#99330b'];

/** The initials of a team's last two words ("Đội Hoa Sen" → "HS"): the part of a name that tells teams apart. */
function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word))
    .slice(-2)
    .map((word) => word.charAt(0))
    .join('')
    .toLocaleUpperCase('vi');
}

export function TeamBadge({ team, index }: { team: TVoteTeam; index: number }) {
  if (team.logoUrl) {
    return <img className={styles.logo} src={team.logoUrl} alt="" width={52} height={52} loading="lazy" decoding="async" />;
  }
  return (
    <span className={styles.initials} style={{ background: BADGE_COLOURS[index % BADGE_COLOURS.length] }} aria-hidden="true">
      {initials(team.name)}
    </span>
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
      <TeamBadge team={team} index={index} />
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
