/** The home page (/): its own words sit at the top level of the catalogue (messages.rounds, messages.homeTagline…). */
export const homePageText = {
  rounds: 'Các phần thi',
  rules: 'Thể lệ',
  teams: 'Các đội thi',
  noRules: 'Thể lệ sẽ được ban tổ chức công bố.',
  noTeams: 'Chưa có đội thi.',
  homeTagline: 'Sân chơi trí tuệ, đoàn kết và sáng tạo',
  nowShowing: 'Đang diễn ra',
  projectorScreens: 'Màn hình trình chiếu cho hội trường',
  roundsCount: (n: number) => `${n} phần thi`,
  teamsCount: (n: number) => `${n} đội thi`,
  organiser: 'Ban tổ chức hội thi',
  // Here rather than with the ballot's words (ballot.ts): shared with the ballot's page, that file
  // would be a chunk of its own on both pages.
  voteOpen: 'Bình chọn đang mở — bấm để bình chọn',
} as const;

/** messages.home: the event's facts shown on the home page. */
export const homeText = {
  date: 'Ngày thi',
  venue: 'Địa điểm',
} as const;
