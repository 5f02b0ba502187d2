/** `npm run seed:demo`: loads the demo event into the embedded database or DATABASE_URL. */
import { describeDemoLogins, loadDemoEvent } from '../src-server/demo/load';
import { openCliDatabase } from './lib/cli-db';

const database = await openCliDatabase();
try {
  const logins = await loadDemoEvent(database.db);
  await database.announceEvents();
  console.log('Đã nạp sự kiện mẫu: đội thi, giám khảo, bộ câu hỏi, thể lệ và phiếu chấm.');
  for (const line of describeDemoLogins(logins)) console.log(line);
  if (!logins.length) console.log('Các tài khoản mẫu đã có sẵn từ trước; mật khẩu không đổi.');
} finally {
  await database.close();
}
