/**
 * The installation's events (contests): the calls of /user/events and of `/api/events`. Admins only.
 */
import { eventsText } from '../messages/events';
import { validationText } from '../messages/validation';
import { ROUND_NUMBERS } from '../rounds';
import { z } from './zod';

/** What a new event may take from another: never points, answers, buzzes, votes, history or audit. */
export const EVENT_COPY_PARTS = ['sets', 'rules', 'sheet', 'formats', 'tieBreak', 'settings', 'teams', 'judges'] as const;
export type EventCopyPart = (typeof EVENT_COPY_PARTS)[number];

const ZEventId = z.string().trim().min(1).max(100);
const ZEventTitle = z
  .string()
  .trim()
  .min(1, { message: validationText.eventNameRequired })
  .max(300, { message: validationText.eventNameTooLong });

export const ZEventCreateSchema = z.object({
  data: z
    .object({
      title: ZEventTitle,
      /** A blank event's rounds, each named "Phần thi N" (1–6; 6 without it). Ignored when the settings are copied. */
      rounds: z
        .number()
        .int()
        .min(1, { message: eventsText.roundsRange })
        .max(ROUND_NUMBERS.length, { message: eventsText.roundsRange })
        .optional(),
      /** The event to copy from. */
      from: ZEventId.optional(),
      copy: z.array(z.enum(EVENT_COPY_PARTS)).max(EVENT_COPY_PARTS.length).optional(),
      /** The top N teams of `from` by its final ranking, ties at the cut included, with their members and accounts. */
      carryTeams: z
        .object({ top: z.number().int().min(1, { message: eventsText.carryTopRange }).max(1000, { message: eventsText.carryTopRange }) })
        .strict()
        .optional(),
    })
    .strict()
    .superRefine((data, ctx) => {
      if ((data.copy?.length || data.carryTeams) && !data.from) {
        ctx.addIssue({ code: 'custom', message: eventsText.fromRequired, path: ['from'] });
      }
      if (data.carryTeams && data.copy?.includes('teams')) {
        ctx.addIssue({ code: 'custom', message: eventsText.carryOrCopyTeams, path: ['carryTeams'] });
      }
    }),
});
export type TEventCreate = z.infer<typeof ZEventCreateSchema>;

export const ZEventUpdateSchema = z.object({
  _id: ZEventId,
  changes: z
    .object({
      title: ZEventTitle.optional(),
      /** Archive (read-only for everyone) or reopen. */
      archived: z.boolean().optional(),
    })
    .strict(),
});
export type TEventUpdate = z.infer<typeof ZEventUpdateSchema>;

export const ZEventDeleteSchema = z.object({
  _id: ZEventId,
  /** The event's name, typed again. */
  confirm: z.string().trim().max(300).default(''),
});

export const ZEventActivateSchema = z.object({ _id: ZEventId });

/** On stage: every screen shows it; archived: read-only; else prepared. */
export type EventState = 'onStage' | 'archived' | 'prepared';

export interface TEventSummary {
  _id: string;
  title: string;
  /** `yyyy-mm-dd`, or null when unset. */
  date: string | null;
  venue: string;
  state: EventState;
  /** Read-only; an event on stage may be archived too (its state says on stage). */
  archived: boolean;
  teamCount: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** The teams a new event carried from another's ranking, and whether a tie at the cut took more than N. */
export interface TCarriedTeams {
  teams: { _id: string; name: string; rank: number }[];
  tiedAtCut: boolean;
}
