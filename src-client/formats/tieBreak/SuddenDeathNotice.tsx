import { teamText } from '../../../src/messages/team';
import { TurnNotice } from '../TurnNotice';

const T = teamText;

/** A câu hỏi phụ on a team's phone: for the team (tied) or not, and once judged, who won it. */
export function SuddenDeathNotice({
  ours,
  winnerId,
  teamId,
  winnerName,
}: {
  ours: boolean;
  winnerId: string | null;
  teamId: string;
  winnerName: string;
}) {
  const text = winnerId
    ? winnerId === teamId
      ? T.suddenDeath.won
      : T.suddenDeath.winner(winnerName)
    : ours
      ? T.suddenDeath.ours
      : T.suddenDeath.others;
  return (
    <TurnNotice ours={ours} testId="sudden-death-notice" fz={[20, 16]}>
      {text}
    </TurnNotice>
  );
}
