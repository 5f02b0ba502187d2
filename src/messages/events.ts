/** messages.eventsAdmin: the events screen (/user/events), the installation's contests. */
export const eventsText = {
  intro: 'Các cuộc thi của hệ thống. Cuộc thi đang diễn ra là cuộc thi mọi màn hình đang hiện.',
  /** The title of a contest whose settings were never saved. */
  untitled: 'Cuộc thi chưa đặt tên',
  name: 'Tên cuộc thi',
  date: 'Ngày',
  venue: 'Địa điểm',
  state: 'Trạng thái',
  teamCount: 'Số đội',
  states: {
    onStage: 'Đang diễn ra',
    archived: 'Đã lưu trữ',
    prepared: 'Chuẩn bị',
  },
  noDate: 'Chưa đặt ngày',
  noVenue: 'Chưa đặt địa điểm',
  empty: 'Chưa có cuộc thi nào.',
  listError: 'Lấy danh sách cuộc thi lỗi. ',
} as const;
