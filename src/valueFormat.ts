/** Validators and formatters of the contract (docs/ARCHITECTURE.md, "The contract"). Pure; shared by server and client. */
import { DISPLAY_TIME_ZONE } from './constants';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MOBILE_PATTERN = /^0\d{9,}$/;

/** A standard address: one @, a local part, a dotted domain, no spaces. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Starts with 0 followed by at least 9 digits. */
export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim());
}

/** 10 digits grouped 4-3-3 ("0912 345 678"); any other length as "(3) 4 4" ("(024) 3825 1234"). */
export function formatMobile(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return '';
  if (digits.length === 10) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  const head = `(${digits.slice(0, 3)})`;
  return [head, digits.slice(3, 7), digits.slice(7)].filter(Boolean).join(' ');
}

/** A dot as thousands separator and a comma before decimals: 1234567.5 → "1.234.567,5". */
export function formatNumber(value: number, fractionDigits?: number): string {
  if (!Number.isFinite(value)) return '';
  const fixed = fractionDigits === undefined ? String(Math.abs(value)) : Math.abs(value).toFixed(fractionDigits);
  const [intPart = '0', decPart] = fixed.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (decPart ? `,${decPart}` : '');
}

/** Rounds to `digits` decimals (2 by default), half away from zero, without float drift (1.005 → 1.01). */
export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  const shifted = Number(`${Math.abs(value)}e${digits}`);
  const rounded = Math.round(shifted) / factor;
  return value < 0 ? -rounded : rounded;
}

/** Rounds to the nearest half: 7.24 → 7, 7.25 → 7.5, 7.8 → 8. */
export function roundHalf(value: number): number {
  return Math.round(value * 2) / 2;
}

/** Reads a point typed with a comma or a dot ("7,5" → 7.5); null when it is not a number. */
export function parsePoint(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Sums points, ignoring anything that is not a number, rounded to one decimal. */
export function sumPoints(values: readonly unknown[]): number {
  let total = 0;
  for (const value of values) {
    const point = parsePoint(value);
    if (point !== null) total += point;
  }
  return round(total, 1);
}

/** A point shown the contract's way: one decimal, a comma ("15,5", "8,0"). */
export function formatPoint(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatNumber(round(value, 1), 1);
}

/** The contract's point-sum display: sum, one decimal, comma. */
export function formatPointSum(values: readonly unknown[]): string {
  return formatPoint(sumPoints(values));
}

// Every date and time the app shows is read through this one formatter, in Vietnam's time zone. It is
// made on first use: a page's first Intl object loads the browser's locale data (about 40 ms on a
// desktop, four times that on a phone), which would otherwise hold up every screen's first picture.
let dateParts: Intl.DateTimeFormat | undefined;
const datePartsFormat = () =>
  (dateParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

type DateInput = Date | number | string | null | undefined;

/** The parts of a date in Vietnam's time zone; an ISO day ("yyyy-mm-dd") is that day there. */
function partsOf(value: DateInput): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00+07:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(
    datePartsFormat()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** dd/mm/yyyy, or dd/mm/yyyy hh:mm with `withTime`, in Vietnam's time zone. */
export function formatDate(value: DateInput, withTime = false): string {
  const parts = partsOf(value);
  if (!parts) return '';
  const day = `${parts.day}/${parts.month}/${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day;
}

/** dd/mm/yyyy hh:mm:ss in Vietnam's time zone (audit log, printed records). */
export function formatDateTime(value: DateInput): string {
  const parts = partsOf(value);
  return parts ? `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}` : '';
}

/** hh:mm, or hh:mm:ss,t to the tenth of a second with `tenths`, in Vietnam's time zone. */
export function formatClock(value: DateInput, tenths = false): string {
  const parts = partsOf(value);
  if (!parts) return '';
  if (!tenths) return `${parts.hour}:${parts.minute}`;
  const ms = new Date(value as Date | number | string).getTime();
  return `${parts.hour}:${parts.minute}:${parts.second},${Math.floor((((ms % 1000) + 1000) % 1000) / 100)}`;
}

/**
 * Reads "dd/mm/yyyy" or "dd/mm/yyyy hh:ii" (Vietnam time). Returns the ISO date ("yyyy-mm-dd") and,
 * with a time, the instant in ms; null when the text is not a real date.
 */
export function parseDate(text: string): { isoDate: string; ms: number } | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, d, m, y, hh = '0', mm = '0'] = match;
  const day = Number(d);
  const month = Number(m);
  const year = Number(y);
  const hour = Number(hh);
  const minute = Number(mm);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const isoDate = `${year}-${pad(month)}-${pad(day)}`;
  const ms = Date.parse(`${isoDate}T${pad(hour)}:${pad(minute)}:00+07:00`);
  return { isoDate, ms };
}

/** Whether "yyyy-mm-dd" names a real calendar day. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  return parseDate(`${d}/${m}/${y}`) !== null;
}

/**
 * The contract's clock rule: the difference between local time and the server's `now`, rounded to 100 ms.
 * With a round trip measured, the server's time is taken at its midpoint.
 */
export function computeBalance(serverNow: number, localNow: number, roundTripMs = 0): number {
  const diff = localNow - roundTripMs / 2 - serverNow;
  return Math.round(diff / 100) * 100 || 0;
}

/** How a person is named on screen: the full name, or the username when there is none. */
export function displayName(user: { fullName: string; username: string }): string {
  return user.fullName || user.username;
}

/**
 * A countdown as screens show it: whole seconds below a minute ("59", "5"), minutes and seconds from
 * 60 s upward ("1:00", "9:12", "30:00"). Anything not a finite, positive number shows "0".
 */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
  if (s < 60) return String(s);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
