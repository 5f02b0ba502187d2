/** Every migration, in order. Landed migrations are frozen: add a new file rather than edit one. */
import type { Migration } from 'kysely/migration';
import * as foundation from './migrations/2026_11_21_0001_foundation';
import * as content from './migrations/2026_11_21_0002_content';
import * as liveShow from './migrations/2026_11_21_0003_live_show';
import * as scoringGate from './migrations/2026_11_22_0004_scoring_gate';
import * as auditNoTruncate from './migrations/2026_11_22_0005_audit_no_truncate';
import * as mediaDetected from './migrations/2026_11_22_0006_media_detected';
import * as loginFailures from './migrations/2026_11_22_0007_login_failures';
import * as consolePresence from './migrations/2026_11_22_0008_console_presence';
import * as contestFormats from './migrations/2026_11_24_0009_contest_formats';
import * as tieBreaks from './migrations/2026_11_24_0010_tie_breaks';
import * as buzzSequence from './migrations/2026_11_24_0011_buzz_sequence';
import * as audienceVote from './migrations/2026_11_24_0012_audience_vote';
import * as roundState from './migrations/2026_11_25_0013_round_state';
import * as actionLog from './migrations/2026_11_25_0014_action_log';
import * as mediaSecret from './migrations/2026_11_25_0015_media_secret';
import * as ballotDiscards from './migrations/2026_11_25_0016_ballot_discards';
import * as contests from './migrations/2026_11_27_0017_contests';
import * as contestScope from './migrations/2026_11_27_0018_contest_scope';
import * as importColumns from './migrations/2026_11_27_0019_import_columns';
import * as resultsLocks from './migrations/2026_11_27_0020_results_locks';
import * as jury from './migrations/2026_11_28_0021_jury';

export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_foundation': foundation,
  '2026_11_21_0002_content': content,
  '2026_11_21_0003_live_show': liveShow,
  '2026_11_22_0004_scoring_gate': scoringGate,
  '2026_11_22_0005_audit_no_truncate': auditNoTruncate,
  '2026_11_22_0006_media_detected': mediaDetected,
  '2026_11_22_0007_login_failures': loginFailures,
  '2026_11_22_0008_console_presence': consolePresence,
  '2026_11_24_0009_contest_formats': contestFormats,
  '2026_11_24_0010_tie_breaks': tieBreaks,
  '2026_11_24_0011_buzz_sequence': buzzSequence,
  '2026_11_24_0012_audience_vote': audienceVote,
  '2026_11_25_0013_round_state': roundState,
  '2026_11_25_0014_action_log': actionLog,
  '2026_11_25_0015_media_secret': mediaSecret,
  '2026_11_25_0016_ballot_discards': ballotDiscards,
  '2026_11_27_0017_contests': contests,
  '2026_11_27_0018_contest_scope': contestScope,
  '2026_11_27_0019_import_columns': importColumns,
  '2026_11_27_0020_results_locks': resultsLocks,
  '2026_11_28_0021_jury': jury,
};
