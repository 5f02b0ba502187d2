import { teamText } from '../../../src/messages/team';
import { TurnNotice } from '../TurnNotice';

const T = teamText;

/** A judged round on a team's phone: whose performance it is (the team's own, in the brand colour). */
export function PerformanceTurn({ ours, onStage }: { ours: boolean; onStage: string | undefined }) {
  return (
    <TurnNotice ours={ours} testId="performance-turn" fz={[24, 18]}>
      {ours ? T.performance.ours : onStage ? T.performance.other(onStage) : T.performance.none}
    </TurnNotice>
  );
}
