/**
 * messages.tieNote: a team's tie note on the projector and the team's phone, why it stands where it
 * does among equal totals ("Xếp trên do câu hỏi phụ"). Its own file so the projector, which shows
 * nothing else of the results, downloads these words only.
 */
export const tieNoteText = {
  over: (reason: string) => `Xếp trên do ${reason}`,
  under: (reason: string) => `Xếp sau do ${reason}`,
  shared: 'Đồng hạng',
  points: (label: string) => `điểm «${label}»`,
  round: (round: number) => `Phần thi ${round}`,
  penalty: 'điểm trừ',
  speedTime: 'thời gian trả lời vòng tốc độ',
  suddenDeath: 'câu hỏi phụ',
} as const;
