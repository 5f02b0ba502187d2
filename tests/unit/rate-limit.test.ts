import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../src-server/features/auth/rate-limit';

describe('login limiter', () => {
  it('blocks an account after its failures and frees it when the window passes', () => {
    let now = 0;
    const limiter = new LoginLimiter({ max: 3, windowMs: 1000 }, { max: 100, windowMs: 1000 }, () => now);
    for (let i = 0; i < 3; i++) {
      limiter.check('GiamKhao', '1.1.1.1');
      limiter.fail('GiamKhao', '1.1.1.1');
    }
    expect(() => limiter.check('giamkhao', '2.2.2.2')).toThrow(/thử lại sau 1 phút/);
    now = 1001;
    expect(() => limiter.check('giamkhao', '2.2.2.2')).not.toThrow();
  });

  it('blocks an address that tries many accounts', () => {
    const limiter = new LoginLimiter({ max: 100, windowMs: 1000 }, { max: 2, windowMs: 1000 }, () => 0);
    limiter.fail('a', '9.9.9.9');
    limiter.fail('b', '9.9.9.9');
    expect(() => limiter.check('c', '9.9.9.9')).toThrow();
    expect(() => limiter.check('c', '8.8.8.8')).not.toThrow();
  });

  it('forgets an account’s failures after a success', () => {
    const limiter = new LoginLimiter({ max: 2, windowMs: 1000 }, { max: 100, windowMs: 1000 }, () => 0);
    limiter.fail('a', 'x');
    limiter.succeed('a');
    limiter.fail('a', 'x');
    expect(() => limiter.check('a', 'x')).not.toThrow();
  });
});
