DROP INDEX "profiles_org_name_sort_idx";--> statement-breakpoint
DROP INDEX "profiles_org_email_sort_idx";--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "level_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "name_sort_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "email_sort_key" text;--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "requirement_statuses" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
-- The dashboard's copies on the access (ADR 016): its level's path and its profile's sort keys, so the members list
-- reads no other table until its page is picked (a whole organization in name order is one index walk, a subtree
-- one path range). Kept by the database on every write: an access takes them when it is written or moved, and a
-- renamed profile or a moved level hands them on in the same statement.
CREATE OR REPLACE FUNCTION touchline_access_copies() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- A missing level or profile leaves '' here, so the foreign key reports it, not the NOT NULL.
  NEW.level_path := coalesce((SELECT lv.path FROM public.hierarchy_levels lv WHERE lv.id = NEW.hierarchy_level_id), '');
  SELECT p.name_sort_key, p.email_sort_key INTO NEW.name_sort_key, NEW.email_sort_key
    FROM public.profiles p WHERE p.id = NEW.profile_id;
  NEW.name_sort_key := coalesce(NEW.name_sort_key, '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_level_accesses_copies BEFORE INSERT OR UPDATE OF profile_id, hierarchy_level_id
  ON profile_level_accesses FOR EACH ROW EXECUTE FUNCTION touchline_access_copies();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_profile_keys_to_accesses() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.profile_level_accesses
    SET name_sort_key = NEW.name_sort_key, email_sort_key = NEW.email_sort_key
    WHERE organization_id = NEW.organization_id AND profile_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_keys_to_accesses AFTER UPDATE OF first_name, last_name, email ON profiles
  FOR EACH ROW WHEN (OLD.name_sort_key IS DISTINCT FROM NEW.name_sort_key
    OR OLD.email_sort_key IS DISTINCT FROM NEW.email_sort_key)
  EXECUTE FUNCTION touchline_profile_keys_to_accesses();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_level_path_to_accesses() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.profile_level_accesses SET level_path = NEW.path
    WHERE organization_id = NEW.organization_id AND hierarchy_level_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hierarchy_levels_path_to_accesses AFTER UPDATE OF path ON hierarchy_levels
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path)
  EXECUTE FUNCTION touchline_level_path_to_accesses();
--> statement-breakpoint
UPDATE profile_level_accesses pla
  SET level_path = lv.path, name_sort_key = p.name_sort_key, email_sort_key = p.email_sort_key
  FROM hierarchy_levels lv, profiles p
  WHERE lv.id = pla.hierarchy_level_id AND p.id = pla.profile_id;
--> statement-breakpoint
-- The requirement engine writes these with the overall status from now on; existing members take theirs once.
UPDATE profile_level_accesses pla
  SET requirement_statuses = s.statuses, last_activity_at = s.last_activity_at
  FROM (SELECT mr.organization_id, mr.profile_id, bit_or(1 << mr.status)::smallint AS statuses,
          max(mr.updated_at) AS last_activity_at
        FROM member_requirements mr WHERE mr.active GROUP BY mr.organization_id, mr.profile_id) s
  WHERE pla.organization_id = s.organization_id AND pla.profile_id = s.profile_id;
--> statement-breakpoint
CREATE INDEX "plas_org_name_walk_idx" ON "profile_level_accesses" USING btree ("organization_id","name_sort_key" collate "C","id","label_id","group_membership_status","overall_status","requirement_statuses") WHERE "profile_level_accesses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "plas_org_level_path_idx" ON "profile_level_accesses" USING btree ("organization_id","level_path" text_pattern_ops,"overall_status","label_id","group_membership_status","requirement_statuses") WHERE "profile_level_accesses"."deleted_at" is null;