import { type Kysely, sql } from 'kysely';

/** The audit log cannot be emptied either: TRUNCATE is refused like UPDATE and DELETE. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create trigger score_events_no_truncate before truncate on score_events
    for each statement execute function score_events_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists score_events_no_truncate on score_events`.execute(db);
}
