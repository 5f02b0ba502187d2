/**
 * messages.moves: the console's moves as people read them (the history, the undo toast, the other
 * consoles' notices), and the refusals of the moves that judge buzzes, give points by hand and replay
 * a round. Shared by the server, which names each move once, and the console.
 */

/** Points with their sign, one decimal and a comma: "+20", "−7,5" (a real minus sign). */
export function signedPoints(points: number): string {
  const text = Math.abs(points).toFixed(1).replace(/\.0$/, '').replace('.', ',');
  return points < 0 ? `−${text}` : `+${text}`;
}

const withPoints = (text: string, points: number) => (points === 0 ? text : `${text}, ${signedPoints(points)} điểm`);

export const movesText = {
  // What a move was
  right: (team: string, points: number) => withPoints(`Đúng cho ${team}`, points),
  wrong: (team: string, points: number) => withPoints(`Sai cho ${team}`, points),
  cleared: (team: string, points: number) => withPoints(`Bỏ chấm câu trả lời của ${team}`, points),
  buzzRight: (team: string, points: number) => withPoints(`Bấm chuông: Đúng cho ${team}`, points),
  buzzWrong: (team: string, points: number) => withPoints(`Bấm chuông: Sai cho ${team}`, points),
  keywordRight: (team: string, points: number) => withPoints(`Từ khóa: Đúng cho ${team}`, points),
  keywordWrong: (team: string) => `Từ khóa: Sai cho ${team}, đội dừng vòng này`,
  finishVerdict: { right: 'Đúng', wrong: 'Sai', timeout: 'Hết giờ' } as Record<'right' | 'wrong' | 'timeout', string>,
  finish: (result: string, team: string, points: number) => withPoints(`Về đích: ${result} cho ${team}`, points),
  steal: (result: string, team: string, points: number) => withPoints(`Giành quyền: ${result} cho ${team}`, points),
  hand: (team: string, points: number, field: string) =>
    `${points < 0 ? 'Trừ' : 'Cộng'} tay ${signedPoints(points)} điểm cho ${team} (${field})`,
  restart: (round: string, attempt: number) => `Chơi lại ${round} (lần ${attempt})`,
  attempt: (attempt: number) => `Lần chơi thứ ${attempt}`,
  attemptKept: (attempt: number, keys: number, changes: number) =>
    `Lần chơi thứ ${attempt}: câu trả lời và lượt bấm chuông của ${keys} câu được giữ lại, ${changes} thay đổi điểm được hoàn lại`,
  show: (what: string) => what,
  unknownTeam: 'một đội đã xoá',
  // The undo
  undone: (label: string) => `Đã hoàn tác: ${label}`,
  undoneOf: (label: string, by: string) => `Đã hoàn tác: ${label} (thao tác của ${by})`,
  nothingToUndo: 'Không còn thao tác nào để hoàn tác',
  historyTitle: 'Các thao tác gần nhất',
  historyEmpty: 'Chưa có thao tác nào',
  // Buzzer questions
  buzzTurn: (team: string) => `${team} giành quyền trả lời`,
  noBuzzTurn: 'Chưa có đội nào bấm chuông chờ chấm',
  buzzTurnMoved: (team: string) => `Lượt trả lời đã chuyển sang ${team}: hãy chấm lại`,
  buzzTurnOurs: 'Đội bạn giành quyền trả lời',
  // Hand points
  handReasonRequired: 'Vui lòng nhập lý do cộng / trừ điểm',
  handPointsZero: 'Số điểm cộng / trừ phải khác 0',
  handFieldNotAnswers: 'Chỉ cộng / trừ tay được vào cột điểm trả lời của phần thi; điểm giám khảo sửa ở mục Sửa điểm',
  handRecorded: (label: string) => `Đã ghi: ${label}`,
  // Replaying a round
  restartNothing: 'Vòng này chưa có gì để chơi lại',
} as const;
