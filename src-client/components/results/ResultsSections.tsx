/** The dashboard's judging sections, below the settings and the scoring sheet. */
import { JurySettings } from '../jury/JurySettings';
import { ActionLog } from './ActionLog';
import { AuditLog } from './AuditLog';
import { Corrections } from './Corrections';
import { JudgeMatrix } from './JudgeMatrix';
import { LiveRanking } from './LiveRanking';
import { ResetScores } from './ResetScores';
import { ResultsLocks } from './ResultsLocks';
import { ScoringProgress } from './ScoringProgress';
import { useScoreRefresh } from './util';

export function ResultsSections() {
  useScoreRefresh();
  return (
    <>
      <LiveRanking />
      <ResultsLocks />
      <JurySettings />
      <ScoringProgress />
      <JudgeMatrix />
      <Corrections />
      <AuditLog />
      <ActionLog />
      <ResetScores />
    </>
  );
}

/** The biên bản's own page keeps its numbers current too. */
export function useResultsRefresh(): void {
  useScoreRefresh();
}
