/**
 * One certificate page, laid out once for the browser's print view and the server's PDF: A4
 * landscape, every line centred on `centerX` at the height `y` (both in mm from the page's top-left;
 * `y` is the line's vertical middle), in Be Vietnam Pro at `size` pt. A line wider than `maxWidth`
 * shrinks until it fits. Prized teams only: each team's page, then one per member.
 */
import { certificatesText } from './messages/certificates';
import { resultsText } from './messages/results';
import type { TCertificates, TCertificateTeam, TPrize } from './schemas/certificates';
import { formatDate, formatPoint } from './valueFormat';

const t = certificatesText;

export const PAGE_MM = { width: 297, height: 210 };
/** The two frames around the page: inset from the edge (mm), line width (pt). */
export const FRAMES = [
  { inset: 8, width: 2.2 },
  { inset: 11.5, width: 0.7 },
];
/** The event's logo: its box (mm), the picture fitted inside. */
export const LOGO_BOX = { x: 20, y: 16, width: 26, height: 26 };
export const COLORS = { text: '#111111', heading: '#8a1c1c', prize: '#b91c1c', frame: '#a67c1a' };

export interface CertificateLine {
  key: string;
  text: string;
  y: number;
  size: number;
  bold: boolean;
  color: string;
  centerX: number;
  maxWidth: number;
  underline?: boolean;
}

export interface CertificatePage {
  key: string;
  team: TCertificateTeam;
  /** A member's page: the member's name; else the team's page. */
  member: string | null;
  prize: TPrize;
}

/** The pages to print: every prized team's page, then one per member of that team. */
export function certificatePages(data: TCertificates): CertificatePage[] {
  return data.teams.flatMap((team) => {
    const prize = team.prize;
    if (!prize) return [];
    return [
      { key: team.teamId, team, member: null, prize },
      ...team.members.map((member, index) => ({ key: `${team.teamId}-${index}`, team, member, prize })),
    ];
  });
}

/** "Hà Nội, ngày 05 tháng 12 năm 2026": the event's date, or `today` for an event without one. */
export function dateLine(place: string, eventDate: string | null, today: Date): string {
  const [day = '', month = '', year = ''] = formatDate(eventDate ?? today).split('/');
  return t.dateLine(place, day, month, year);
}

const MIDDLE = PAGE_MM.width / 2;
const WIDE = 250;
/** The signature block's centre, right of the middle. */
const SIGN_X = 212;

export function certificateLines(data: TCertificates, page: CertificatePage, today: Date): CertificateLine[] {
  const { settings, event } = data;
  const line = (key: string, text: string, y: number, size: number, more: Partial<CertificateLine> = {}): CertificateLine => ({
    key,
    text,
    y,
    size,
    bold: false,
    color: COLORS.text,
    centerX: MIDDLE,
    maxWidth: WIDE,
    ...more,
  });
  const { team, member } = page;
  const lines: CertificateLine[] = [
    line('nation', resultsText.nation, 22, 12.5, { bold: true, maxWidth: 160 }),
    line('motto', resultsText.motto, 28.5, 12.5, { bold: true, underline: true, maxWidth: 160 }),
    line('heading', t.heading, 50, 34, { bold: true, color: COLORS.heading }),
    line('certifies', t.certifies, 64, 15),
    line('name', member ?? team.name, 80, 30, { bold: true }),
  ];
  const about = member ? [t.memberOf(team.name), team.unit].filter(Boolean).join(' – ') : team.unit;
  if (about) lines.push(line('about', about, 93, 15));
  lines.push(line('achieved', t.achieved, 106, 14));
  lines.push(line('prize', t.prizeHeading(t.prizes[page.prize]), 121, 40, { bold: true, color: COLORS.prize }));
  lines.push(line('event', t.atEvent(event.name), 136, 16, { bold: true }));
  if (settings.showTotal) lines.push(line('total', t.totalLine(formatPoint(team.total)), 145, 12.5));
  lines.push(line('date', dateLine(settings.place, event.date, today), 160, 12.5, { centerX: SIGN_X, maxWidth: 130 }));
  if (settings.signerTitle)
    lines.push(line('signerTitle', settings.signerTitle.toUpperCase(), 168, 13, { bold: true, centerX: SIGN_X, maxWidth: 130 }));
  if (settings.signerName) lines.push(line('signerName', settings.signerName, 193, 14, { bold: true, centerX: SIGN_X, maxWidth: 130 }));
  return lines;
}
