ALTER TABLE "hierarchy_levels" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (touchline_search_key(name)) STORED;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (touchline_search_key(name)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (touchline_search_key(last_name) || chr(1) || touchline_search_key(first_name)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_sort_key" text GENERATED ALWAYS AS (touchline_search_key(email::text)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (touchline_profile_search_text(first_name, last_name, email::text)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "profiles_org_name_sort_idx" ON "profiles" USING btree ("organization_id","name_sort_key" collate "C") WHERE "profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "profiles_org_email_sort_idx" ON "profiles" USING btree ("organization_id","email_sort_key" collate "C") WHERE "profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "profiles_org_last_activity_idx" ON "profiles" USING btree ("organization_id","last_activity_at") WHERE "profiles"."deleted_at" is null;--> statement-breakpoint
-- The search matches a stored column (no unaccent per row while filtering): its trigram index replaces the
-- expression index of 0008.
DROP INDEX IF EXISTS profiles_search_trgm_idx;--> statement-breakpoint
CREATE INDEX profiles_search_trgm_idx ON profiles USING gin (search_text gin_trgm_ops);--> statement-breakpoint
-- Last activity (ADR 016): the newest change to any of a member's active requirements, kept on the profile by one
-- statement-level trigger per write (a set-based refresh of 50,000 rows is one grouped UPDATE, not 50,000), so no
-- writer can forget it. It only moves forward: a requirement that stops being active keeps its past activity.
CREATE OR REPLACE FUNCTION touchline_raise_last_activity() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.profiles p SET last_activity_at = c.at
  FROM (SELECT profile_id, max(updated_at) AS at FROM changed_requirements WHERE active GROUP BY profile_id) c
  WHERE p.id = c.profile_id AND (p.last_activity_at IS NULL OR p.last_activity_at < c.at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER member_requirements_last_activity_insert AFTER INSERT ON member_requirements
  REFERENCING NEW TABLE AS changed_requirements FOR EACH STATEMENT EXECUTE FUNCTION touchline_raise_last_activity();--> statement-breakpoint
CREATE TRIGGER member_requirements_last_activity_update AFTER UPDATE ON member_requirements
  REFERENCING NEW TABLE AS changed_requirements FOR EACH STATEMENT EXECUTE FUNCTION touchline_raise_last_activity();--> statement-breakpoint
UPDATE profiles p SET last_activity_at = m.at
  FROM (SELECT profile_id, max(updated_at) AS at FROM member_requirements WHERE active GROUP BY profile_id) m
  WHERE p.id = m.profile_id;
--> statement-breakpoint
-- A live access always has a live profile (ADR 016): archiving a profile archives its live accesses in the same
-- statement, so counts can skip the profile join.
CREATE OR REPLACE FUNCTION touchline_archive_profile_accesses() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.profile_level_accesses SET deleted_at = NEW.deleted_at, updated_at = now()
  WHERE profile_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_archive_accesses AFTER UPDATE OF deleted_at ON profiles
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION touchline_archive_profile_accesses();--> statement-breakpoint
UPDATE profile_level_accesses pla SET deleted_at = p.deleted_at
  FROM profiles p WHERE p.id = pla.profile_id AND p.deleted_at IS NOT NULL AND pla.deleted_at IS NULL;
