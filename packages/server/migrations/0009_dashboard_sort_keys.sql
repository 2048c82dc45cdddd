ALTER TABLE "hierarchy_levels" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (touchline_search_key(name)) STORED;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (touchline_search_key(name)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (touchline_search_key(last_name) || chr(1) || touchline_search_key(first_name)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_sort_key" text GENERATED ALWAYS AS (touchline_search_key(email::text)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (touchline_profile_search_text(first_name, last_name, email::text)) STORED;--> statement-breakpoint
CREATE INDEX "profiles_org_name_sort_idx" ON "profiles" USING btree ("organization_id","name_sort_key" collate "C") WHERE "profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "profiles_org_email_sort_idx" ON "profiles" USING btree ("organization_id","email_sort_key" collate "C") WHERE "profiles"."deleted_at" is null;--> statement-breakpoint
-- The search matches a stored column (no unaccent per row while filtering): its trigram index replaces the
-- expression index of 0008.
DROP INDEX IF EXISTS profiles_search_trgm_idx;
--> statement-breakpoint
CREATE INDEX profiles_search_trgm_idx ON profiles USING gin (search_text gin_trgm_ops);
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
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_archive_accesses AFTER UPDATE OF deleted_at ON profiles
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION touchline_archive_profile_accesses();
--> statement-breakpoint
UPDATE profile_level_accesses pla SET deleted_at = p.deleted_at
  FROM profiles p WHERE p.id = pla.profile_id AND p.deleted_at IS NOT NULL AND pla.deleted_at IS NULL;
