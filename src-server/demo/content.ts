/** The demo event's content: a Hà Nội schools contest, with real questions about Hà Nội. */

import type { TQuestionInput } from '../../src/schemas/questionSet';
import type { TFormatInput } from '../../src/schemas/roundFormat';

export const DEMO_SETTINGS = {
  name: 'Hội thi "Em yêu Hà Nội" 2026',
  date: '2026-11-22',
  venue: 'Cung Văn hóa Hữu nghị Việt Xô, 91 Trần Hưng Đạo, Hà Nội',
  logoUrl: '',
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

const q = (content: string, options: string[], answer: string, explanation: string, point = 10, timeLimit = 15): TQuestionInput => ({
  content,
  options,
  answer,
  explanation,
  point,
  timeLimit,
  media: null,
});

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

export const DEMO_QUESTION_SETS: DemoQuestionSet[] = [
  {
    set: 1,
    title: 'Người Hà Nội — bộ đề chính',
    items: [
      q(
        'Hồ Gươm còn có tên gọi nào khác?',
        ['Hồ Hoàn Kiếm', 'Hồ Tây', 'Hồ Trúc Bạch', 'Hồ Thiền Quang'],
        'Hồ Hoàn Kiếm',
        'Tên hồ gắn với truyền thuyết vua Lê Lợi trả gươm thần cho Rùa Vàng.',
      ),
      q(
        'Vua Lý Thái Tổ ban Chiếu dời đô từ Hoa Lư ra thành Đại La vào năm nào?',
        ['1009', '1010', '1054', '1070'],
        '1010',
        'Năm 1010, thành Đại La được đổi tên là Thăng Long.',
      ),
      q(
        'Văn Miếu được xây dựng vào năm nào?',
        ['1010', '1070', '1076', '1248'],
        '1070',
        'Văn Miếu được lập năm 1070 dưới triều vua Lý Thánh Tông.',
      ),
      q(
        'Quốc Tử Giám — được coi là trường đại học đầu tiên của Việt Nam — được lập năm nào?',
        ['1070', '1075', '1076', '1442'],
        '1076',
        'Năm 1076, vua Lý Nhân Tông cho lập Quốc Tử Giám bên cạnh Văn Miếu.',
      ),
      q(
        'Cầu Long Biên được khánh thành vào năm nào?',
        ['1898', '1902', '1911', '1925'],
        '1902',
        'Cầu do người Pháp xây dựng từ năm 1898 và khánh thành năm 1902.',
      ),
      q(
        'Chùa Một Cột được xây dựng dưới triều vua nào?',
        ['Lý Thái Tổ', 'Lý Thái Tông', 'Lý Thánh Tông', 'Trần Nhân Tông'],
        'Lý Thái Tông',
        'Chùa được dựng năm 1049 theo giấc mộng của vua Lý Thái Tông.',
      ),
    ],
  },
  {
    set: 2,
    title: 'Tiến về Hà Nội — lịch sử',
    items: [
      q(
        'Ngày Giải phóng Thủ đô là ngày nào?',
        ['2/9/1945', '19/12/1946', '10/10/1954', '30/4/1975'],
        '10/10/1954',
        'Ngày 10/10/1954, bộ đội ta tiến về tiếp quản Thủ đô.',
        10,
        20,
      ),
      q(
        'Chủ tịch Hồ Chí Minh đọc Tuyên ngôn Độc lập tại đâu?',
        ['Nhà hát Lớn', 'Quảng trường Ba Đình', 'Bắc Bộ phủ', 'Phố Hàng Ngang'],
        'Quảng trường Ba Đình',
        'Ngày 2/9/1945 tại Quảng trường Ba Đình.',
        10,
        20,
      ),
      q(
        'Trận không chiến cuối năm 1972 bảo vệ Hà Nội được gọi là gì?',
        ['Điện Biên Phủ trên không', 'Tổng tiến công Mậu Thân', 'Hồ Chí Minh', 'Đường 9 – Nam Lào'],
        'Điện Biên Phủ trên không',
        '12 ngày đêm tháng 12/1972, quân dân Hà Nội đánh bại cuộc tập kích bằng B-52.',
        10,
        20,
      ),
      q(
        'Hà Nội được UNESCO trao danh hiệu "Thành phố vì hòa bình" năm nào?',
        ['1995', '1999', '2004', '2010'],
        '1999',
        'Danh hiệu được trao năm 1999.',
        10,
        20,
      ),
      q(
        'Phố Hàng Ngang gắn với sự kiện nào?',
        [
          'Nơi Bác Hồ soạn thảo Tuyên ngôn Độc lập',
          'Nơi ký Hiệp định Paris',
          'Nơi đặt Đông Kinh Nghĩa Thục',
          'Nơi diễn ra Hội nghị Diên Hồng',
        ],
        'Nơi Bác Hồ soạn thảo Tuyên ngôn Độc lập',
        'Ngôi nhà số 48 Hàng Ngang là nơi Bác soạn thảo Tuyên ngôn Độc lập năm 1945.',
        10,
        20,
      ),
    ],
  },
  {
    set: 3,
    title: 'Tình yêu Hà Nội — văn hoá',
    items: [
      q(
        'Phố nào sau đây thuộc khu phố cổ "36 phố phường"?',
        ['Hàng Bạc', 'Kim Mã', 'Giảng Võ', 'Láng Hạ'],
        'Hàng Bạc',
        'Hàng Bạc là phố nghề kim hoàn lâu đời của khu phố cổ.',
        10,
        20,
      ),
      q(
        'Đặc sản mùa thu Hà Nội làm từ lúa nếp non, nổi tiếng ở làng Vòng, là gì?',
        ['Cốm', 'Bánh cuốn', 'Bún chả', 'Chả cá'],
        'Cốm',
        'Cốm làng Vòng gói trong lá sen là thức quà mùa thu của người Hà Nội.',
        10,
        20,
      ),
      q(
        'Ai là tác giả ca khúc "Người Hà Nội"?',
        ['Văn Cao', 'Nguyễn Đình Thi', 'Hoàng Hiệp', 'Trịnh Công Sơn'],
        'Nguyễn Đình Thi',
        'Nguyễn Đình Thi sáng tác "Người Hà Nội" năm 1947.',
        10,
        20,
      ),
      q(
        'Làng gốm nổi tiếng bên bờ sông Hồng của Hà Nội là làng nào?',
        ['Bát Tràng', 'Vạn Phúc', 'Đông Hồ', 'Chu Đậu'],
        'Bát Tràng',
        'Làng gốm Bát Tràng có lịch sử hơn 500 năm.',
        10,
        20,
      ),
      q(
        'Khu trung tâm Hoàng thành Thăng Long được UNESCO công nhận là Di sản Văn hóa Thế giới năm nào?',
        ['2003', '2008', '2010', '2015'],
        '2010',
        'Năm 2010, đúng dịp kỷ niệm 1000 năm Thăng Long – Hà Nội.',
        10,
        20,
      ),
    ],
  },
  {
    set: 4,
    title: 'Hà Nội - Niềm tin và hy vọng — thuyết trình',
    format: { kind: 'judged', timeLimit: 180 },
    items: [
      q(
        'Thuyết trình: Ý tưởng của đội để Hà Nội trở thành thành phố xanh, sạch, đẹp.',
        [],
        '',
        'Giám khảo chấm nội dung, tính sáng tạo và phong cách trình bày.',
        30,
        180,
      ),
      q(
        'Tình huống: Một du khách nước ngoài nhờ đội giới thiệu khu phố cổ trong 2 phút. Đội sẽ giới thiệu thế nào?',
        [],
        '',
        'Chấm kiến thức, ngoại ngữ và sự tự tin.',
        30,
        120,
      ),
      q('Hùng biện: Tuổi trẻ Thủ đô với ước mơ về Hà Nội năm 2045.', [], '', 'Chấm lập luận, cảm xúc và thời gian.', 30, 180),
    ],
  },
  {
    set: 5,
    title: 'Tăng tốc',
    format: { kind: 'speed', timeLimit: 30, placePoints: [40, 30, 20, 10] },
    items: [
      q(
        'Con sông nào được coi là "sông mẹ" của Hà Nội?',
        ['Sông Hồng', 'Sông Đuống', 'Sông Tô Lịch', 'Sông Nhuệ'],
        'Sông Hồng',
        'Sông Hồng bồi đắp nên vùng đất Thăng Long – Hà Nội.',
        10,
        10,
      ),
      q(
        'Tháp Rùa nằm giữa hồ nào?',
        ['Hồ Hoàn Kiếm', 'Hồ Tây', 'Hồ Bảy Mẫu', 'Hồ Ngọc Khánh'],
        'Hồ Hoàn Kiếm',
        'Tháp Rùa được xây trên gò Rùa giữa hồ Hoàn Kiếm.',
        10,
        10,
      ),
      q(
        'Nhà hát Lớn Hà Nội được khánh thành năm nào?',
        ['1901', '1911', '1921', '1931'],
        '1911',
        'Nhà hát Lớn khánh thành năm 1911.',
        10,
        10,
      ),
      q(
        'Ô Quan Chưởng là cửa ô duy nhất còn lại của kinh thành Thăng Long xưa. Đúng hay sai?',
        ['Đúng', 'Sai'],
        'Đúng',
        'Ô Quan Chưởng (Đông Hà Môn) là cửa ô duy nhất còn lại.',
        10,
        10,
      ),
      q(
        'Đền Quán Thánh thờ vị thần nào?',
        ['Huyền Thiên Trấn Vũ', 'Thánh Gióng', 'Tản Viên Sơn Thánh', 'Chử Đồng Tử'],
        'Huyền Thiên Trấn Vũ',
        'Đền Quán Thánh là một trong "Thăng Long tứ trấn", trấn giữ phía Bắc.',
        10,
        10,
      ),
    ],
  },
  {
    set: 6,
    title: 'Câu hỏi phụ',
    items: [
      q(
        'Cây cầu dây văng nào bắc qua sông Hồng, khánh thành năm 2015, nối trung tâm với sân bay Nội Bài?',
        ['Cầu Nhật Tân', 'Cầu Thăng Long', 'Cầu Vĩnh Tuy', 'Cầu Chương Dương'],
        'Cầu Nhật Tân',
        'Cầu Nhật Tân khánh thành ngày 4/1/2015.',
        10,
        15,
      ),
      q(
        'Hồ nước tự nhiên lớn nhất trong nội thành Hà Nội là hồ nào?',
        ['Hồ Tây', 'Hồ Hoàn Kiếm', 'Hồ Thành Công', 'Hồ Linh Đàm'],
        'Hồ Tây',
        'Hồ Tây rộng khoảng 500 ha.',
        10,
        15,
      ),
      q(
        'Chùa Trấn Quốc — ngôi chùa cổ nhất Hà Nội — nằm bên hồ nào?',
        ['Hồ Tây', 'Hồ Hoàn Kiếm', 'Hồ Trúc Bạch', 'Hồ Thiền Quang'],
        'Hồ Tây',
        'Chùa nằm trên một bán đảo phía đông Hồ Tây.',
        10,
        15,
      ),
    ],
  },
  {
    set: 2,
    title: 'Vượt chướng ngại vật — Khuê Văn Các',
    format: {
      kind: 'obstacle',
      keyword: 'Khuê Văn Các',
      tiles: 4,
      centreClue: 'Gác nhỏ trong Văn Miếu, hình ảnh được chọn làm biểu trưng của Thủ đô Hà Nội',
      rowTimeLimit: 15,
      rowPoints: 10,
      keywordPoints: [80, 60, 40, 20],
      cluePoints: 10,
    },
    items: [
      q('Văn Miếu được xây dựng năm 1070 dưới triều vua nào?', [], 'Lý Thánh Tông', 'Vua Lý Thánh Tông cho lập Văn Miếu để thờ Khổng Tử.'),
      q(
        'Trường được coi là trường đại học đầu tiên của Việt Nam, lập năm 1076, có tên là gì?',
        [],
        'Quốc Tử Giám',
        'Quốc Tử Giám được lập bên cạnh Văn Miếu.',
      ),
      q('Các tấm bia ghi tên tiến sĩ ở Văn Miếu được đặt trên lưng con vật nào?', [], 'Rùa', '82 tấm bia tiến sĩ đặt trên lưng rùa đá.'),
      q(
        'Giếng vuông trước gác Khuê Văn có tên là gì?',
        [],
        'Thiên Quang',
        'Giếng Thiên Quang (Thiên Quang Tỉnh) nghĩa là giếng soi ánh mặt trời.',
      ),
    ],
  },
  {
    set: 3,
    title: 'Về đích — Hà Nội nghìn năm',
    format: {
      kind: 'finish',
      packages: [
        [20, 20, 20],
        [20, 20, 30],
        [20, 30, 30],
      ],
      stealSeconds: 5,
    },
    items: [
      q(
        'Năm 1010, vua Lý Thái Tổ dời đô từ Hoa Lư về thành Đại La và đổi tên thành gì?',
        [],
        'Thăng Long',
        'Thăng Long nghĩa là "rồng bay lên".',
        20,
        15,
      ),
      q('Tháp Rùa nằm giữa hồ nào của Hà Nội?', [], 'Hồ Hoàn Kiếm', 'Tháp Rùa được xây vào cuối thế kỷ XIX trên gò Rùa.', 20, 15),
      q(
        'Cầu sắt đầu tiên bắc qua sông Hồng, khánh thành năm 1902, tên là gì?',
        [],
        'Cầu Long Biên',
        'Thời Pháp thuộc cầu mang tên Doumer.',
        20,
        15,
      ),
      q('Ngày Giải phóng Thủ đô là ngày nào?', [], '10/10/1954', 'Ngày 10/10/1954 quân đội ta tiếp quản Thủ đô.', 20, 15),
      q('Chiếu dời đô được vua nào ban hành?', [], 'Lý Thái Tổ', 'Chiếu dời đô (Thiên đô chiếu) ban hành năm 1010.', 20, 15),
      q(
        'Phố cổ Hà Nội thường được gọi là khu phố bao nhiêu phố phường?',
        [],
        '36 phố phường',
        'Tên phố thường bắt đầu bằng "Hàng".',
        20,
        15,
      ),
      q(
        'Quảng trường nơi Chủ tịch Hồ Chí Minh đọc Tuyên ngôn Độc lập năm 1945 tên là gì?',
        [],
        'Quảng trường Ba Đình',
        'Ngày 2/9/1945.',
        20,
        15,
      ),
      q(
        'Hoàng thành Thăng Long được UNESCO công nhận là Di sản văn hoá thế giới năm nào?',
        [],
        '2010',
        'Đúng dịp kỷ niệm 1000 năm Thăng Long – Hà Nội.',
        30,
        20,
      ),
      q(
        'Chiến thắng "Hà Nội – Điện Biên Phủ trên không" diễn ra vào tháng, năm nào?',
        [],
        'Tháng 12/1972',
        '12 ngày đêm từ 18 đến 29/12/1972.',
        30,
        20,
      ),
      q(
        'Hà Nội được UNESCO trao danh hiệu "Thành phố vì hoà bình" năm nào?',
        [],
        '1999',
        'Hà Nội là thủ đô đầu tiên ở châu Á – Thái Bình Dương nhận danh hiệu này.',
        30,
        20,
      ),
      q(
        'Năm 2008, tỉnh nào được sáp nhập gần như toàn bộ vào Hà Nội?',
        [],
        'Hà Tây',
        'Cùng với huyện Mê Linh (Vĩnh Phúc) và 4 xã của Hoà Bình.',
        30,
        20,
      ),
      q(
        'Hà Nội gia nhập Mạng lưới các thành phố sáng tạo của UNESCO trong lĩnh vực nào?',
        [],
        'Thiết kế',
        'Năm 2019, Hà Nội là thành phố sáng tạo về thiết kế.',
        30,
        20,
      ),
    ],
  },
];
