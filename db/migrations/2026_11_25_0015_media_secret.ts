import { type Kysely, sql } from 'kysely';

/**
 * Secret media: a file chosen as an obstacle round's picture is the keyword's main clue, so
 * GET /media/<id> serves it to the staff only (the audience sees the server's composite of the
 * revealed tiles, src-server/features/media/obstacle-picture.ts).
 *
 * The flag follows the question sets in the database itself, so every way a set is written (the
 * editor, a file import, the demo, a script) marks its picture: a trigger on `question_sets`
 * recomputes the flag of the picture a row had and the one it has. A picture no obstacle set names
 * any more is public again. Existing obstacle pictures are marked here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('secret', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // The media id of an obstacle format's uploaded picture ('/media/<id>'), else null.
  await sql`
    create function obstacle_picture_id(format jsonb) returns text language sql immutable as $$
      select case
        when format->>'kind' = 'obstacle' and format->'picture'->>'url' ~ '^/media/[^/?#]+$'
        then substring(format->'picture'->>'url' from 8)
      end
    $$`.execute(db);
  await sql`
    create function media_refresh_secret(ids text[]) returns void language sql as $$
      update media m
      set secret = exists (select 1 from question_sets q where obstacle_picture_id(q.format) = m.id)
      where m.id = any(ids)
    $$`.execute(db);
  await sql`
    create function question_sets_picture_secret() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform media_refresh_secret(array[obstacle_picture_id(new.format)]);
      elsif tg_op = 'UPDATE' then
        perform media_refresh_secret(array[obstacle_picture_id(old.format), obstacle_picture_id(new.format)]);
      else
        perform media_refresh_secret(array[obstacle_picture_id(old.format)]);
      end if;
      return null;
    end;
    $$`.execute(db);
  await sql`
    create trigger question_sets_picture_secret after insert or update or delete on question_sets
    for each row execute function question_sets_picture_secret()`.execute(db);
  await sql`update media set secret = true where id in (select obstacle_picture_id(format) from question_sets)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists question_sets_picture_secret on question_sets`.execute(db);
  await sql`drop function if exists question_sets_picture_secret()`.execute(db);
  await sql`drop function if exists media_refresh_secret(text[])`.execute(db);
  await sql`drop function if exists obstacle_picture_id(jsonb)`.execute(db);
  await db.schema.alterTable('media').dropColumn('secret').execute();
}
