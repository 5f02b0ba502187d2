import { z } from './zod';

/** The actions log (`actions.log`): how many of the newest entries. */
export const ZActionLogInputSchema = z.object({ limit: z.number().int().min(1).max(1000).default(200) }).default({ limit: 200 });

/** A JSON value as `action_log.target`, `before` and `after` keep it. */
export type TActionValue = z.infer<ReturnType<typeof z.json>>;

/** One action an organiser may have to answer for, as the dashboard lists it. */
export interface TActionEntry {
  id: number;
  at: number;
  actorId: string | null;
  /** Who acted, as they were named when they did. */
  actorName: string | null;
  /** For code: `round.restart`, `points.hand`… */
  kind: string;
  /** For people, in Vietnamese. */
  summary: string;
  target: TActionValue | null;
  before: TActionValue | null;
  after: TActionValue | null;
  /** `before` and `after` for people (null when the action has none). */
  beforeText: string | null;
  afterText: string | null;
}
