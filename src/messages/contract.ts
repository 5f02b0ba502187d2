/**
 * The toasts and the logout confirmation whose wording is fixed by the contract (docs/ARCHITECTURE.md,
 * "The contract"): keep them to the letter, trailing spaces included. A failure toast that ends with a
 * space has the server's message appended after it.
 */
export const contractText = {
  // Error toasts
  systemStateError: 'Lấy thông tin hệ thống lỗi!',
  loginFailed: 'Đăng nhập thất bại!',
  logoutFailed: 'Đăng xuất thất bại!',
  // No screen edits the profile yet: kept for PUT /api/profile (listed as reserved in tests/unit/messages.test.ts).
  profileUpdateError: 'Cập nhật thông tin cá nhân lỗi!',
  questionSetCreateError: 'Tạo bộ câu hỏi lỗi. ',
  questionSetUpdateError: 'Cập nhật bộ câu hỏi lỗi. ',
  questionSetDeleteError: 'Xóa bộ câu hỏi lỗi. ',
  questionSetListError: 'Lấy danh sách bộ câu hỏi lỗi. ',
  questionSetGetError: 'Lấy bộ câu hỏi lỗi. ',
  userListError: 'Lấy danh sách người dùng bị lỗi',
  userCreateError: 'Tạo người dùng bị lỗi',
  userUpdateError: 'Cập nhật thông tin người dùng bị lỗi',
  userDeleteError: 'Xóa người dùng bị lỗi',
  teamUpdateError: 'Cập nhật thông tin bị lỗi',
  scoringError: 'Chấm điểm bị lỗi!',
  chunkLoadFailed: (id: string, type: string, src: string) => `Loading chunk ${id} failed (${type}: ${src})`,

  // Success toasts
  created: 'Tạo mới thành công',
  updated: 'Cập nhật thành công',
  userCreated: 'Tạo người dùng thành công',
  userUpdated: 'Cập nhật thông tin người dùng thành công',
  userDeleted: 'Xóa người dùng thành công',
  infoUpdated: 'Cập nhật thông tin thành công',
  scored: 'Chấm điểm thành công!',

  // Logout confirmation
  logoutTitle: 'Đăng xuất',
  logoutText: 'Bạn có muốn đăng xuất không?',
  cancel: 'Huỷ',
  agree: 'Đồng ý',
} as const;
