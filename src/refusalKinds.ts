/** The kinds of refusal the server counts (src-server/refusals.ts), shared with the screen that shows them. */
export const REFUSAL_KINDS = ['login', 'ballot', 'rate', 'socketCap', 'slowSocket', 'batch', 'deepInput'] as const;
export type RefusalKindName = (typeof REFUSAL_KINDS)[number];
