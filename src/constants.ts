/** Business constants of the contract (docs/ARCHITECTURE.md, "The contract") and the show. */

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_USER_PAGE_SIZE = 21;

export const PRELOADER_FADE_MS = 450;

export const SOCKET_RECONNECT_MIN_MS = 1000;
export const SOCKET_RECONNECT_MAX_MS = 5000;
export const SOCKET_TIMEOUT_MS = 20000;
/** The server closes a socket with this code when the session it opened with has ended. */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** The same, when the session ended because another event went on stage (the login page says so). */
export const EVENT_SWITCHED_CLOSE_CODE = 4003;

export const DELETE_USER_ALERT_MS = 800;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The id of the `<script type="application/json">` in which the server hands an app page its first system state. */
export const INITIAL_STATE_ELEMENT_ID = 'hoi-thi-state';
/** The id of the `<script type="application/json">` with the answers of the calls a screen makes as it mounts. */
export const PAGE_QUERIES_ELEMENT_ID = 'hoi-thi-queries';

/** Local storage key of the user table's paging settings. */
export const ADMIN_USER_STORAGE_KEY = 'adminUser';

export const DISPLAY_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** Titles of rounds 1..4 from the contract; rounds 5 and 6 default to a plain title. */
export const ROUND_TITLES: Record<number, string> = {
  1: 'NGƯỜI HÀ NỘI',
  2: 'TIẾN VỀ HÀ NỘI',
  3: 'TÌNH YÊU HÀ NỘI',
  4: 'HÀ NỘI - NIỀM TIN VÀ HY VỌNG',
};

export const QUESTION_SETS = ['fw-question', 'fw-question-2', 'fw-question-3', 'fw-question-4', 'fw-question-5', 'fw-question-6'] as const;

export const ROLES = ['admin', 'master', 'judge', 'team'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after login. */
export const ROLE_HOME: Record<Role, string> = {
  admin: '/user/dashboard',
  master: '/master',
  judge: '/supporter',
  team: '/team',
};

/** `final`: the final results, shown only once the whole event's results are locked (`results/gate.ts`). */
export const SHOW_PHASES = ['idle', 'round', 'question', 'answer', 'scoreboard', 'rules', 'blank', 'vote', 'final'] as const;
export type ShowPhase = (typeof SHOW_PHASES)[number];

export const SCREEN2_MODES = ['scoreboard', 'judges', 'answers', 'logo', 'vote'] as const;
export type Screen2Mode = (typeof SCREEN2_MODES)[number];

/**
 * What the livestream overlay (`/screen?overlay=1`) shows, chosen apart from the projectors: the lower
 * third (question, countdown, team on stage, compact scoreboard), the scoreboard, the vote's tally, or
 * nothing at all.
 */
export const OVERLAY_SCENES = ['lowerThird', 'scoreboard', 'vote', 'hidden'] as const;
export type OverlayScene = (typeof OVERLAY_SCENES)[number];

export const SESSION_COOKIE = 'hoithi_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
