-- Running Hội thi on PostgreSQL as a role that does not own its tables.
-- Migrations run as the owner (MIGRATION_DATABASE_URL); the app (DATABASE_URL) connects as
-- hoithi_app, which may read and write the night's data but can never change or empty the audit
-- logs (of scores and of actions). Run this as the owner after the first migration (npm start with
-- both URLs set migrates, then this grants), and again after an upgrade that adds tables.
--   psql "$MIGRATION_DATABASE_URL" -v app_role=hoithi_app -f docs/postgres-app-role.sql

grant usage on schema public to :"app_role";
grant select, insert, update, delete on all tables in schema public to :"app_role";
grant usage, select on all sequences in schema public to :"app_role";
-- The audit logs are append-only for the app: no UPDATE, DELETE or TRUNCATE (triggers refuse them too).
revoke update, delete, truncate on score_events from :"app_role";
revoke update, delete, truncate on action_log from :"app_role";
