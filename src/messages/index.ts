/**
 * Every Vietnamese string a user sees lives here: one catalogue, `messages`, assembled from one file per
 * screen or area. Routers and command-line tools read `messages` (`messages.loginFailed`,
 * `messages.qs.save`); screens and the schemas they share import their area's own file (`loginText`,
 * `masterText`…), so each screen downloads its own strings only. A string a user sees belongs in one
 * of these files, never in a component. The contract's toasts and logout confirmation (contract.ts) are
 * fixed to the letter by docs/ARCHITECTURE.md, "The contract". tests/unit/messages.test.ts fails on a
 * key that nothing uses.
 */
import { appText } from './app';
import { backupText } from './backup';
import { ballotText, voteGuardText } from './ballot';
import { cliText } from './cli';
import { contractText } from './contract';
import { correctionsText } from './corrections';
import { dashboardText } from './dashboard';
import { errorsText } from './errors';
import { eventsText } from './events';
import { homePageText, homeText } from './home';
import { judgeLinksText } from './judgeLinks';
import { juryText } from './jury';
import { limitsText } from './limits';
import { loginText } from './login';
import { masterText } from './master';
import { membersText } from './members';
import { movesText } from './moves';
import { padText } from './pad';
import { projectorText } from './projector';
import { questionImportText } from './questionImport';
import { questionSetsText } from './questionSets';
import { resultsText } from './results';
import { resultsLockText } from './resultsLock';
import { rulesText } from './rules';
import { teamText } from './team';
import { tieNoteText } from './tieNote';
import { usersText } from './users';
import { validationText } from './validation';

export const messages = {
  // Top-level entries (messages.key), by area
  ...contractText,
  ...errorsText,
  ...validationText,
  ...cliText,
  ...appText,
  ...loginText,
  ...homePageText,
  ...questionImportText,
  // One section per screen (messages.section.key)
  userAdmin: usersText,
  teamAdmin: membersText,
  qs: questionSetsText,
  rulesAdmin: rulesText,
  eventsAdmin: eventsText,
  dashboard: dashboardText,
  home: homeText,
  projector: projectorText,
  masterConsole: masterText,
  moves: movesText,
  corrections: correctionsText,
  teamScreen: teamText,
  results: resultsText,
  tieNote: tieNoteText,
  resultsLock: resultsLockText,
  judgeLinks: judgeLinksText,
  jury: juryText,
  pad: padText,
  ballot: ballotText,
  voteGuard: voteGuardText,
  limits: limitsText,
  backup: backupText,
} as const;
