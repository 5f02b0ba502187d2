/** The demo event's content: a Hà Nội schools contest, with real questions about Hà Nội. */

import type { TQuestionInput } from '../../src/schemas/questionSet';
import type { TFormatInput } from '../../src/schemas/roundFormat';
import questions from './questions.json';

export const DEMO_SETTINGS = {
  name: 'Hội thi "Em yêu Hà Nội" 2026',
  date: '2026-11-22',
  venue: 'Cung Văn hóa Hữu nghị Việt Xô, 91 Trần Hưng Đạo, Hà Nội',
  logoUrl: '',
  slogan: 'Sân chơi trí tuệ, đoàn kết và sáng tạo',
  roundTitles: { '5': 'TĂNG TỐC', '6': 'CÂU HỎI PHỤ' },
};

export const DEMO_TEAMS = [
  { name: 'THPT Chu Văn An', unit: 'Phường Tây Hồ', members: ['Nguyễn Minh Anh', 'Trần Đức Huy', 'Lê Thu Trang'] },
  { name: 'THPT chuyên Hà Nội – Amsterdam', unit: 'Phường Cầu Giấy', members: ['Phạm Gia Bảo', 'Vũ Ngọc Linh', 'Đặng Quang Minh'] },
  { name: 'THPT Việt Đức', unit: 'Phường Hoàn Kiếm', members: ['Hoàng Thảo My', 'Bùi Tuấn Kiệt', 'Ngô Phương Thảo'] },
  { name: 'THPT Phan Đình Phùng', unit: 'Phường Ba Đình', members: ['Đỗ Hải Nam', 'Trịnh Khánh Linh', 'Phan Anh Tú'] },
  { name: 'THPT Trần Phú – Hoàn Kiếm', unit: 'Phường Cửa Nam', members: ['Lý Bảo Ngọc', 'Tạ Minh Quân', 'Dương Thu Hà'] },
  { name: 'THPT Kim Liên', unit: 'Phường Kim Liên', members: ['Cao Đức Thắng', 'Mai Thanh Hương', 'Lương Hoàng Long'] },
  { name: 'THPT Nguyễn Gia Thiều', unit: 'Phường Long Biên', members: ['Kiều Anh Thư', 'Hà Văn Đạt', 'Tô Ngọc Diệp'] },
  { name: 'THPT Lê Quý Đôn – Hà Đông', unit: 'Phường Hà Đông', members: ['Chu Minh Khôi', 'Nghiêm Thu Uyên', 'Văn Đức Anh'] },
];

export const DEMO_JUDGES = [
  { username: 'gk1', fullName: 'PGS.TS Nguyễn Văn Hùng' },
  { username: 'gk2', fullName: 'TS Trần Thị Mai' },
  { username: 'gk3', fullName: 'Nhà báo Lê Quang Vinh' },
  { username: 'gk4', fullName: 'NSƯT Phạm Thu Hằng' },
  { username: 'gk5', fullName: 'ThS Đỗ Minh Tuấn' },
];

export const DEMO_SCORE_FIELDS = [
  {
    name: 'phan-1',
    round: 1,
    label: 'Phần 1: Người Hà Nội',
    kind: 'answers' as const,
    minPoint: 0,
    maxPoint: 100,
    step: 5,
    weight: 1,
    dropExtremes: false,
  },
  {
    name: 'phan-2',
    round: 2,
    label: 'Phần 2: Tiến về Hà Nội',
    kind: 'judges' as const,
    minPoint: 0,
    maxPoint: 10,
    step: 0.5,
    weight: 1,
    dropExtremes: false,
  },
  {
    name: 'phan-3',
    round: 3,
    label: 'Phần 3: Tình yêu Hà Nội',
    kind: 'judges' as const,
    minPoint: 0,
    maxPoint: 20,
    step: 0.5,
    weight: 1,
    dropExtremes: true,
  },
  {
    name: 'phan-4',
    round: 4,
    label: 'Phần 4: Hà Nội - Niềm tin và hy vọng',
    kind: 'judges' as const,
    minPoint: 0,
    maxPoint: 30,
    step: 1,
    weight: 1,
    dropExtremes: true,
  },
];

export const DEMO_RULES = [
  {
    title: 'Điều 1. Đối tượng và thành phần',
    content:
      'Mỗi trường THPT cử **một đội** gồm 3 học sinh. Các đội thi lần lượt qua **bốn phần thi** chính và phần thi phụ khi cần phân định thứ hạng.',
  },
  {
    title: 'Điều 2. Các phần thi',
    content: [
      '1. **Người Hà Nội** — trắc nghiệm nhanh; mỗi câu trả lời đúng được cộng điểm của câu.',
      '2. **Tiến về Hà Nội** — câu hỏi lịch sử; giám khảo chấm thang điểm 10.',
      '3. **Tình yêu Hà Nội** — văn hoá, ẩm thực, nghệ thuật; thang điểm 20.',
      '4. **Hà Nội - Niềm tin và hy vọng** — thuyết trình, hùng biện; thang điểm 30.',
    ].join('\n'),
  },
  {
    title: 'Điều 3. Cách tính điểm',
    content:
      'Điểm mỗi phần do giám khảo chấm là **trung bình cộng** điểm của các giám khảo; ở phần 3 và phần 4, khi có từ 5 giám khảo chấm thì bỏ một điểm cao nhất và một điểm thấp nhất. Tổng điểm làm tròn đến hai chữ số thập phân.',
  },
  {
    title: 'Điều 4. Trả lời và bấm chuông',
    content:
      'Câu trả lời được ghi nhận theo **đồng hồ của máy chủ**. Câu trả lời gửi sau khi hết giờ không được tính. Đội bấm chuông trước giành quyền trả lời trước.',
  },
];

/**
 * A demo set: its questions and how its round runs. An obstacle set's picture is drawn when the demo
 * loads (picture.ts) and stored as an uploaded image.
 */
export interface DemoQuestionSet {
  set: number;
  title: string;
  items: TQuestionInput[];
  format?: TFormatInput;
}

/** The demo's question sets are data (questions.json); no demo question has media. */
export const DEMO_QUESTION_SETS: DemoQuestionSet[] = (
  questions as (Omit<DemoQuestionSet, 'items'> & { items: Omit<TQuestionInput, 'media'>[] })[]
).map((set) => ({ ...set, items: set.items.map((item) => ({ ...item, media: null })) }));
