/** The login page (/login) and the words every sign-in and sign-out control shares. */
export const loginText = {
  login: 'Đăng nhập',
  logout: 'Đăng xuất',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  loginTitle: 'Đăng nhập hệ thống',
  loginHint: 'Dành cho ban tổ chức, người điều khiển, giám khảo và các đội thi.',
  alreadyLoggedIn: 'Bạn đã đăng nhập.',
  usernameRequired: 'Vui lòng nhập tên đăng nhập',
  passwordRequired: 'Vui lòng nhập mật khẩu',
} as const;
