/**
 * The built server with a live show on it, for the measuring scripts (Lighthouse, the load profile):
 * builds what is stale, starts dist/server/index.js as a child process on a free port with PGlite in a
 * temporary data folder, and prepares the screens' content through the real REST API.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api as call, login } from '../bench/lib.mjs';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = 'lighthouse-admin-123';
const USER_PASSWORD = 'lighthouse-user-123';
const ACCOUNTS = {
  master: { username: 'lh.dieukhien', fullName: 'Trần Minh Điều', role: 'master' },
  judge: { username: 'lh.giamkhao', fullName: 'Nguyễn Thị Lan', role: 'judge' },
  team: { username: 'lh.doi1', fullName: 'Tài khoản đội Hoàn Kiếm', role: 'team' },
};

// ---------------------------------------------------------------------------------------------------
// The server

export function build() {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Starts the built server on a free port; resolves with its URL once it says it listens. `clientDir`
 * serves another build of the client (an A/B comparison in one run).
 */
export function startServer(dataDir, { clientDir } = {}) {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      DATABASE_URL: '',
      ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 180 s:\n${output}`)), 180_000);
    const read = (chunk) => {
      output += chunk;
      const match = /đang chạy tại (https?:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1').replace('0.0.0.0', '127.0.0.1'));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The content, through the real API

/** Creates what the screens show and returns a session cookie per role and the question set's id. */
export async function prepare(base) {
  const admin = await login(base, 'admin', ADMIN_PASSWORD);
  const teamIds = [];
  for (const [index, name] of ['Hoàn Kiếm', 'Ba Đình', 'Tây Hồ', 'Long Biên'].entries()) {
    const json = await call(base, 'POST', '/api/team', {
      cookie: admin,
      body: {
        data: {
          name: `Đội ${name}`,
          unit: `Trường THCS ${name}`,
          priority: index,
          members: [
            { fullName: 'Nguyễn Văn An', note: 'Đội trưởng' },
            { fullName: 'Lê Thị Bình', note: '' },
          ],
        },
      },
    });
    teamIds.push(json.item._id);
  }
  for (const account of Object.values(ACCOUNTS)) {
    await call(base, 'POST', '/api/user', {
      cookie: admin,
      body: {
        user: {
          username: account.username,
          password: USER_PASSWORD,
          fullName: account.fullName,
          role: account.role,
          ...(account.role === 'team' ? { teamId: teamIds[0] } : {}),
        },
      },
    });
  }
  await call(base, 'POST', '/api/score-field', {
    cookie: admin,
    body: { data: { name: 'phan-1', label: 'Phần 1', kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5 } },
  });
  const { item: set } = await call(base, 'POST', '/api/fw-question', {
    cookie: admin,
    body: {
      data: {
        title: 'Người Hà Nội',
        items: [
          {
            content: 'Hồ Gươm còn có tên gọi nào khác?',
            options: ['Hồ Hoàn Kiếm', 'Hồ Tây', 'Hồ Trúc Bạch', 'Hồ Thiền Quang'],
            answer: 'Hồ Hoàn Kiếm',
            explanation: 'Truyền thuyết vua Lê Lợi trả gươm cho Rùa Vàng.',
            point: 10,
            timeLimit: 30,
          },
          { content: 'Cầu Long Biên bắc qua sông nào?', options: ['Sông Hồng', 'Sông Đuống'], answer: 'Sông Hồng', point: 10 },
        ],
      },
    },
  });

  const cookies = { admin };
  for (const [role, account] of Object.entries(ACCOUNTS)) cookies[role] = await login(base, account.username, USER_PASSWORD);
  // On air: the first question with answers and the buzzer open, the first team on stage, judges scoring.
  await call(base, 'PUT', '/api/show', {
    cookie: cookies.master,
    body: {
      changes: {
        fw: 1,
        setId: set._id,
        questionId: set.items[0].id,
        phase: 'question',
        answersOpen: true,
        buzzerOpen: true,
        activeTeamId: teamIds[0],
        activeField: 'phan-1',
        scoringOpen: true,
        screen2: 'scoreboard',
      },
    },
  });
  return { cookies, setId: set._id };
}
