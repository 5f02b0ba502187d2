/** Every migration, in order. Landed migrations are frozen: add a new file rather than edit one. */
import type { Migration } from 'kysely';
import * as foundation from './migrations/2026_11_21_0001_foundation';

export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_foundation': foundation,
};
