import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/ids';
import {
  computeBalance,
  formatClock,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatMobile,
  formatNumber,
  formatPoint,
  formatPointSum,
  isEmail,
  isIsoDate,
  isMobile,
  parseDate,
  parsePoint,
  round,
  roundHalf,
  sumPoints,
} from '../../src/valueFormat';

describe('e-mail', () => {
  it.each(['a@b.vn', 'giam.khao+1@truong.edu.vn', 'X_Y@sub.domain.com'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['', 'a@b', 'a b@c.vn', '@c.vn', 'a@.vn', 'a@b..vn', 'a@@b.vn'])('refuses %j', (v) => expect(isEmail(v)).toBe(false));
});

describe('mobile', () => {
  it.each(['0912345678', '02438251234', '0123456789'])('accepts %s (0 and at least 9 digits)', (v) => expect(isMobile(v)).toBe(true));
  it.each(['912345678', '091234567', '09123a5678', '+84912345678', ''])('refuses %j', (v) => expect(isMobile(v)).toBe(false));

  it('groups 10 digits 4-3-3', () => expect(formatMobile('0912345678')).toBe('0912 345 678'));
  it('groups other lengths (3) 4 4', () => expect(formatMobile('02438251234')).toBe('(024) 3825 1234'));
  it('reads digits out of spaced input', () => expect(formatMobile('0912 345 678')).toBe('0912 345 678'));
  it('shows nothing for nothing', () => expect(formatMobile(null)).toBe(''));
});

describe('numbers', () => {
  it('puts a dot between thousands', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(-1234.5)).toBe('-1.234,5');
    expect(formatNumber(0)).toBe('0');
  });

  it('rounds to 2 decimals by default without float drift', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(2.675)).toBe(2.68);
    expect(round(8.333333)).toBe(8.33);
    expect(round(-1.005)).toBe(-1.01);
    expect(round(7.25, 1)).toBe(7.3);
  });

  it('rounds to the nearest half', () => {
    expect(roundHalf(7.24)).toBe(7);
    expect(roundHalf(7.25)).toBe(7.5);
    expect(roundHalf(7.74)).toBe(7.5);
    expect(roundHalf(7.75)).toBe(8);
  });
});

describe('points', () => {
  it('reads "7,5" as 7.5', () => {
    expect(parsePoint('7,5')).toBe(7.5);
    expect(parsePoint(' 8 ')).toBe(8);
    expect(parsePoint('abc')).toBeNull();
    expect(parsePoint('7,5,1')).toBeNull();
    expect(parsePoint(Number.NaN)).toBeNull();
  });

  it('sums ignoring what is not a number, to one decimal', () => {
    expect(sumPoints([7.5, '8,25', 'x', null, undefined, {}, 9])).toBe(24.8);
    expect(sumPoints([])).toBe(0);
  });

  it('shows a sum with one decimal and a comma', () => {
    expect(formatPointSum([7.5, 8])).toBe('15,5');
    expect(formatPointSum([8, 7])).toBe('15,0');
    expect(formatPointSum(['a', 'b'])).toBe('0,0');
    expect(formatPoint(1234.56)).toBe('1.234,6');
    expect(formatPoint(null)).toBe('');
  });
});

describe('dates', () => {
  it('shows dd/mm/yyyy and dd/mm/yyyy hh:mm in Vietnam time', () => {
    const instant = Date.parse('2026-11-21T01:05:00Z'); // 08:05 in Hà Nội
    expect(formatDate(instant)).toBe('21/11/2026');
    expect(formatDate(instant, true)).toBe('21/11/2026 08:05');
    expect(formatDate(Date.parse('2026-11-21T18:00:00Z'))).toBe('22/11/2026');
  });

  it('shows a stored birthday as the same calendar day', () => expect(formatDate('2008-05-19')).toBe('19/05/2008'));
  it('shows nothing for nothing or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('không phải ngày')).toBe('');
  });

  it('reads dd/mm/yyyy with an optional hh:ii', () => {
    expect(parseDate('19/05/2008')).toEqual({ isoDate: '2008-05-19', ms: Date.parse('2008-05-19T00:00:00+07:00') });
    expect(parseDate('21/11/2026 08:05')?.ms).toBe(Date.parse('2026-11-21T01:05:00Z'));
  });

  it.each(['31/02/2026', '29/02/2025', '00/01/2026', '12/13/2026', '01/01/2026 24:00', '2026-01-01', '1/1/26'])('refuses %s', (v) =>
    expect(parseDate(v)).toBeNull(),
  );
  it('knows leap years', () => expect(parseDate('29/02/2024')?.isoDate).toBe('2024-02-29'));
  it('checks ISO dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('19/05/2008')).toBe(false);
  });
});

describe('clock balance', () => {
  it('is local minus server time, rounded to 100 ms', () => {
    expect(computeBalance(1_000_000, 1_000_049)).toBe(0);
    expect(computeBalance(1_000_000, 1_000_051)).toBe(100);
    expect(computeBalance(1_000_000, 999_760)).toBe(-200);
    expect(computeBalance(1_000_000, 1_180_000)).toBe(180_000);
  });

  it('takes the server time at the middle of the round trip', () => {
    // Sent at 0, answered with now=1000 (server is 950 ahead), received at 100.
    expect(computeBalance(1000, 100, 100)).toBe(-900);
  });
});

describe('times shown in Vietnam', () => {
  // 2026-11-20 01:02:03.456 UTC is 08:02:03 in Hà Nội.
  const at = Date.UTC(2026, 10, 20, 1, 2, 3, 456);

  it('reads every date and time in Vietnam’s time zone, whatever the device’s', () => {
    expect(formatDate(at)).toBe('20/11/2026');
    expect(formatDate(at, true)).toBe('20/11/2026 08:02');
    expect(formatDateTime(at)).toBe('20/11/2026 08:02:03');
    expect(formatClock(at)).toBe('08:02');
    expect(formatClock(at, true)).toBe('08:02:03,4');
    expect(formatDate('2026-11-20')).toBe('20/11/2026');
    expect(formatDateTime(null)).toBe('');
    expect(formatClock('không phải ngày')).toBe('');
  });
});

describe('idempotency keys', () => {
  it('are version-4 UUIDs, different each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('countdown', () => {
  it('shows whole seconds below a minute', () => {
    expect(formatCountdown(59)).toBe('59');
    expect(formatCountdown(5)).toBe('5');
    expect(formatCountdown(0)).toBe('0');
  });

  it('shows minutes and seconds from 60 s upward', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(552)).toBe('9:12');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(5999)).toBe('99:59');
  });

  it('shows 0 for what is not a positive number, and rounds a fraction up like the screens do', () => {
    expect(formatCountdown(-3)).toBe('0');
    expect(formatCountdown(Number.NaN)).toBe('0');
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatCountdown(59.2)).toBe('1:00');
  });
});
