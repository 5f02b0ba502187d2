/** The prize rules of an event and how its certificates are signed (stored in the event's settings). */
import { certificatesText } from '../messages/certificates';
import { z } from './zod';

const t = certificatesText;

export const PRIZES = ['nhat', 'nhi', 'ba', 'khuyenKhich'] as const;
/** A prize, highest first in `PRIZES`. */
export type TPrize = (typeof PRIZES)[number];

const count = z
  .number({ message: t.countInvalid })
  .int({ message: t.countInvalid })
  .min(0, { message: t.countInvalid })
  .max(100, { message: t.countInvalid });

export const ZPrizeRulesSchema = z.discriminatedUnion('mode', [
  /** So many teams per prize by rank; teams sharing a rank share the prize (src/prizes.ts). */
  z.object({
    mode: z.literal('counts'),
    counts: z.object({ nhat: count, nhi: count, ba: count }).strict(),
    restKhuyenKhich: z.boolean(),
  }),
  /** A prize for every official total from its `minTotal` up; a higher prize needs a higher total. */
  z.object({
    mode: z.literal('bands'),
    bands: z
      .array(
        z.object({
          prize: z.enum(PRIZES),
          minTotal: z.number({ message: t.minTotalInvalid }).finite({ message: t.minTotalInvalid }).min(0, { message: t.minTotalInvalid }),
        }),
      )
      .min(1, { message: t.bandsEmpty })
      .max(PRIZES.length)
      .superRefine((bands, ctx) => {
        if (new Set(bands.map((b) => b.prize)).size !== bands.length) {
          ctx.addIssue({ code: 'custom', message: t.bandsDuplicate });
          return;
        }
        const ordered = [...bands].sort((a, b) => PRIZES.indexOf(a.prize) - PRIZES.indexOf(b.prize));
        if (ordered.some((band, i) => i > 0 && band.minTotal >= ordered[i - 1]!.minTotal)) {
          ctx.addIssue({ code: 'custom', message: t.bandsOrder });
        }
      }),
  }),
]);
export type TPrizeRules = z.infer<typeof ZPrizeRulesSchema>;

export const ZCertificateSettingsSchema = z
  .object({
    rules: ZPrizeRulesSchema,
    /** "TRƯỞNG BAN TỔ CHỨC" above the signature, the signer's name below it. */
    signerTitle: z.string().trim().max(120),
    signerName: z.string().trim().max(120),
    /** The place of the date line: "<place>, ngày … tháng … năm …"; empty: the line starts at "ngày". */
    place: z.string().trim().max(120),
    /** Whether the official total is printed under the prize. */
    showTotal: z.boolean(),
  })
  .strict();
export type TCertificateSettings = z.infer<typeof ZCertificateSettingsSchema>;

/** An event that never set its prizes: 1 Nhất, 2 Nhì, 3 Ba, the rest Khuyến khích. */
export function defaultCertificateSettings(): TCertificateSettings {
  return {
    rules: { mode: 'counts', counts: { nhat: 1, nhi: 2, ba: 3 }, restKhuyenKhich: true },
    signerTitle: t.defaultSignerTitle,
    signerName: '',
    place: '',
    showTotal: false,
  };
}

/** A team on the certificates: its rank, official total, prize and members. */
export interface TCertificateTeam {
  teamId: string;
  rank: number;
  name: string;
  unit: string;
  total: number;
  prize: TPrize | null;
  members: string[];
}

/** What the certificates page and the PDF print from. */
export interface TCertificates {
  event: { name: string; date: string | null; venue: string; logoUrl: string };
  settings: TCertificateSettings;
  teams: TCertificateTeam[];
}
