/** messages.limits: what the server refused lately, on the dashboard, so the crew can tell why a phone fails. */
import type { RefusalKindName } from '../refusalKinds';

export const limitsText = {
  title: 'Yêu cầu bị từ chối',
  hint: (minutes: number) =>
    `${minutes} phút gần đây, trên máy chủ này. Một địa chỉ có nhiều lần bị từ chối thường là một thiết bị gửi quá nhanh, hoặc cả hội trường chung một bộ phát Wi-Fi.`,
  none: 'Không có yêu cầu nào bị từ chối.',
  total: (n: number) => `${n} lần`,
  kinds: {
    login: 'Đăng nhập bị chặn hoặc làm chậm',
    ballot: 'Phiếu bình chọn bị từ chối',
    rate: 'Gửi quá nhanh (429)',
    socketCap: 'Kết nối trực tiếp bị từ chối (quá giới hạn)',
    slowSocket: 'Kết nối trực tiếp bị ngắt vì không đọc kịp',
    batch: 'Quá nhiều lệnh trong một yêu cầu',
    deepInput: 'Dữ liệu lồng nhau quá sâu',
  } satisfies Record<RefusalKindName, string>,
  address: 'Địa chỉ',
  count: 'Số lần',
  what: 'Loại',
  byKind: 'Theo loại',
  byAddress: 'Địa chỉ bị từ chối nhiều nhất',
  loadError: 'Không lấy được danh sách yêu cầu bị từ chối. ',
} as const;
