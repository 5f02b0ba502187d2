/**
 * messages.corrections: the console's and the dashboard's corrections to a night: a buzz judged in the
 * buzz list, the history of moves, points given or taken by hand, and "Chơi lại vòng này". Apart from
 * the moves' names (moves.ts), which the projector and the phones load too.
 */
import { signedPoints } from './moves';

const verdict = (right: boolean) => (right ? 'Đúng' : 'Sai');

export const correctionsText = {
  historyNext: 'Hoàn tác sẽ lấy lại',
  historyBy: (name: string) => `bởi ${name}`,
  historyError: 'Lấy danh sách thao tác lỗi.',
  buzzAnswering: 'Đang trả lời',
  buzzJudged: (right: boolean, points: number) => (points === 0 ? verdict(right) : `${verdict(right)}, ${signedPoints(points)} điểm`),
  buzzVerdictError: 'Chấm lượt bấm chuông lỗi.',
  handTitle: 'Cộng / trừ điểm tay',
  handOpen: 'Cộng / trừ điểm',
  handHint: 'Cộng hoặc trừ điểm vào cột điểm trả lời của một phần thi; được ghi vào nhật ký và có thể hoàn tác trên bàn điều khiển.',
  handTeam: 'Đội thi',
  handTeamPlaceholder: 'Chọn đội',
  handField: 'Cột điểm',
  handFieldPlaceholder: 'Chọn cột điểm trả lời',
  handNoFields: 'Chưa có cột điểm loại câu trả lời (Bảng điều khiển → Phiếu chấm)',
  handPoints: 'Số điểm',
  handPointsHint: 'Số dương để cộng, số âm để trừ (ví dụ 10 hoặc -10)',
  handReason: 'Lý do',
  handReasonPlaceholder: 'Ví dụ: ban giám khảo chấm lại câu 3',
  handSubmit: 'Ghi điểm',
  handError: 'Không ghi được điểm.',
  restartButton: 'Chơi lại vòng này',
  restartTitle: (round: string) => `Chơi lại «${round}»?`,
  restartText:
    'Câu trả lời và lượt bấm chuông của lần chơi này được cất riêng (vẫn lưu trong hệ thống), điểm vòng này đã cộng được trừ lại, bảng của vòng (ô chữ, từ khoá, lượt về đích) trở về ban đầu. Có thể lấy lại bằng nút Hoàn tác.',
  restartConfirm: 'Chơi lại',
  restartError: 'Không chơi lại được vòng này.',
  restartNoSet: 'Chọn bộ câu hỏi của vòng trước',
  toolsTitle: 'Điều chỉnh',
} as const;
