/** The one router: each domain's procedures under its name. */
import { actionsRouter } from './features/actions/router';
import { authRouter } from './features/auth/router';
import { certificatesRouter } from './features/certificates/router';
import { eventsRouter } from './features/events/router';
import { juryRouter } from './features/jury/router';
import { systemRouter } from './features/live/router';
import { mediaRouter } from './features/media/media';
import { profileRouter } from './features/profile/router';
import { projectorsRouter } from './features/projectors/router';
import { questionSetRouter } from './features/questionSet/router';
import { resultsRouter } from './features/results/router';
import { rulesRouter } from './features/rules/router';
import { scoreFieldRouter } from './features/scoreField/router';
import { scoringRouter } from './features/scoring/router';
import { settingsRouter } from './features/settings/router';
import { showRouter } from './features/show/router';
import { teamRouter } from './features/team/router';
import { tieBreakRouter } from './features/tieBreak/router';
import { userRouter } from './features/users/router';
import { voteRouter } from './features/vote/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  settings: settingsRouter,
  events: eventsRouter,
  profile: profileRouter,
  questionSet: questionSetRouter,
  rules: rulesRouter,
  user: userRouter,
  team: teamRouter,
  scoreField: scoreFieldRouter,
  media: mediaRouter,
  show: showRouter,
  scoring: scoringRouter,
  actions: actionsRouter,
  results: resultsRouter,
  jury: juryRouter,
  ranking: tieBreakRouter,
  vote: voteRouter,
  projectors: projectorsRouter,
  certificates: certificatesRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
