/**
 * Every Vietnamese string a user sees lives here: one catalogue, `messages`, assembled from one file per
 * screen or area. Screens, routers and command-line tools import `messages` from `src/messages` and
 * read it as before (`messages.loginFailed`, `messages.qs.save`); a string a user sees belongs in one of
 * these files, never in a component. The contract's toasts and logout confirmation (contract.ts) are
 * fixed to the letter by docs/ARCHITECTURE.md, "The contract". tests/unit/messages.test.ts fails on a
 * key that nothing uses.
 */
import { appText } from './app';
import { cli } from './cli';
import { contract } from './contract';
import { dashboard } from './dashboard';
import { errors } from './errors';
import { home, homePage } from './home';
import { judgeLinks } from './judgeLinks';
import { login } from './login';
import { master } from './master';
import { members } from './members';
import { pad } from './pad';
import { projectorText } from './projector';
import { questionImport } from './questionImport';
import { questionSets } from './questionSets';
import { results } from './results';
import { rules } from './rules';
import { team } from './team';
import { users } from './users';
import { validation } from './validation';

export const messages = {
  // Top-level entries (messages.key), by area
  ...contract,
  ...errors,
  ...validation,
  ...cli,
  ...appText,
  ...login,
  ...homePage,
  ...questionImport,
  // One section per screen (messages.section.key)
  userAdmin: users,
  teamAdmin: members,
  qs: questionSets,
  rulesAdmin: rules,
  dashboard,
  home,
  projector: projectorText,
  masterConsole: master,
  teamScreen: team,
  results,
  judgeLinks,
  pad,
} as const;

export type Messages = typeof messages;
