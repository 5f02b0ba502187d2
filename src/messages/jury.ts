/**
 * messages.jury: the head judge (trưởng ban giám khảo), the judges' disagreements and how they are
 * settled, and recusals: the refusals, the head judge's board (the pad's tab, the dashboard), the
 * pad's notices, and the action log's words.
 */
export const juryText = {
  // Refusals
  notHeadJudge: 'Chỉ trưởng ban giám khảo (hoặc quản trị viên) được làm việc này.',
  recused: (team: string) => `Bạn đã được miễn chấm đội ${team}: điểm của bạn cho đội này không được tính.`,
  alreadyRecused: 'Giám khảo này đã được miễn chấm đội này rồi.',
  notRecused: 'Giám khảo này không được miễn chấm đội này.',
  headNotOnPanel: 'Trưởng ban phải là một giám khảo của cuộc thi.',
  fieldNotJudged: 'Tiêu chí này không do giám khảo chấm.',
  judgeRecused: 'Giám khảo này được miễn chấm đội này: không yêu cầu chấm lại được.',
  judgeNotScored: 'Giám khảo này chưa chấm ô này: không có gì để chấm lại.',
  rescoreOpen: 'Đã có yêu cầu chấm lại đang chờ giám khảo này.',
  nothingToAccept: 'Ô điểm này không có chênh lệch cần trưởng ban xử lý.',
  decisionRange: (min: string, max: string) => `Điểm quyết định phải từ ${min} đến ${max}.`,
  reasonRequired: 'Nhập lý do.',
  reasonTooLong: 'Lý do dài quá 500 ký tự.',
  thresholdRange: (max: string) => `Ngưỡng chênh lệch phải lớn hơn 0 và không quá ${max} điểm.`,

  // The action log and the biên bản
  headSet: (name: string) => `Cử trưởng ban giám khảo: ${name}`,
  headCleared: 'Bỏ trưởng ban giám khảo (quản trị viên làm thay)',
  thresholdSet: (field: string, value: string) => `Ngưỡng chênh lệch của tiêu chí «${field}»: ${value} điểm`,
  thresholdDefault: (field: string) => `Ngưỡng chênh lệch của tiêu chí «${field}» về mặc định (20% thang điểm)`,
  recusedAction: (judge: string, team: string, reason: string) => `Miễn chấm: ${judge} không chấm ${team} (${reason})`,
  recusalLifted: (judge: string, team: string) => `Bỏ miễn chấm: ${judge} chấm lại ${team}`,
  acceptedAction: (team: string, field: string) => `Trưởng ban chấp nhận điểm của ${team}, tiêu chí «${field}»`,
  rescoreAction: (judge: string, team: string, field: string) => `Trưởng ban yêu cầu ${judge} chấm lại ${team}, tiêu chí «${field}»`,
  decidedAction: (team: string, field: string, point: string) => `Trưởng ban quyết định điểm của ${team}, tiêu chí «${field}»: ${point}`,
  decisionSource: 'trưởng ban',

  // The board
  tab: 'Trưởng ban',
  scoreTab: 'Chấm điểm',
  title: 'Bảng của trưởng ban giám khảo',
  hint: 'Điểm từng giám khảo theo đội và tiêu chí. Ô có độ lệch vượt ngưỡng được đánh dấu: chấp nhận, yêu cầu chấm lại hoặc quyết định điểm kèm lý do.',
  head: 'Trưởng ban giám khảo',
  headNone: 'Chưa cử (quản trị viên làm thay)',
  spread: 'Độ lệch',
  threshold: 'Ngưỡng',
  thresholdOf: (value: string) => `Ngưỡng ${value}`,
  defaultThreshold: '20% thang điểm',
  status: {
    fine: 'Bình thường',
    flagged: 'Lệch điểm',
    rescoring: 'Chờ chấm lại',
    accepted: 'Đã chấp nhận',
    decided: 'Trưởng ban quyết định',
  },
  awaiting: 'chờ trưởng ban',
  awaitingCount: (n: number) => `${n} ô chờ trưởng ban`,
  nothingAwaiting: 'Không có chênh lệch nào chờ xử lý.',
  notScored: '—',
  recusedMark: 'miễn',
  accept: 'Chấp nhận',
  rescore: 'Yêu cầu chấm lại',
  decide: 'Quyết định điểm',
  reason: 'Lý do',
  point: 'Điểm',
  whichJudge: 'Giám khảo chấm lại',
  send: 'Xác nhận',
  cancel: 'Huỷ',
  done: 'Đã ghi',
  cell: (team: string, field: string) => `${team} · ${field}`,

  // Recusals (the dashboard)
  recusals: 'Miễn chấm',
  recusalsHint:
    'Giám khảo cùng trường hoặc có người thân trong đội không chấm đội đó: máy chấm bỏ qua đội, điểm tính theo các giám khảo còn lại.',
  addRecusal: 'Thêm miễn chấm',
  judge: 'Giám khảo',
  team: 'Đội thi',
  noRecusals: 'Chưa có giám khảo nào được miễn chấm.',
  lift: 'Bỏ miễn chấm',
  recusedBy: (judges: string) => `Không chấm: ${judges}`,

  // The judge's pad
  rescoreAsked: (team: string, field: string) => `Trưởng ban đề nghị bạn chấm lại ${team}, tiêu chí «${field}»`,
  rescoreReason: (reason: string) => `Lý do: ${reason}`,
  recusedTeam: 'Miễn chấm',
} as const;
