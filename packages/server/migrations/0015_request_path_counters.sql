CREATE TABLE "level_member_counts" (
	"organization_id" uuid NOT NULL,
	"level_path" text NOT NULL,
	"label_id" uuid NOT NULL,
	"group_membership_status" smallint NOT NULL,
	"overall_status" smallint NOT NULL,
	"requirement_statuses" smallint NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "level_member_counts_pk" PRIMARY KEY("organization_id","level_path","label_id","group_membership_status","overall_status","requirement_statuses")
);
--> statement-breakpoint
CREATE TABLE "organization_authz_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_member_counts" ADD CONSTRAINT "level_member_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_authz_versions" ADD CONSTRAINT "organization_authz_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The authorization version (ADR 026): bumped once per transaction and organization, at commit (deferred), by every
-- write that can change an actor's context — so the version row is the last lock a transaction takes and cannot
-- join a lock cycle. A server caching actor contexts reloads one when its organization's version moved.
CREATE OR REPLACE FUNCTION touchline_bump_authz_version(org uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  flag text := 'touchline.authz_bumped_' || replace(org::text, '-', '');
BEGIN
  IF org IS NULL OR current_setting(flag, true) = '1' THEN RETURN; END IF;
  PERFORM set_config(flag, '1', true);
  INSERT INTO public.organization_authz_versions AS v (organization_id, version) VALUES (org, 1)
    ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_authz_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'organizations' THEN
    PERFORM public.touchline_bump_authz_version(NEW.id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM public.touchline_bump_authz_version(OLD.organization_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM public.touchline_bump_authz_version(NEW.organization_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER profile_level_accesses_authz AFTER INSERT OR DELETE OR UPDATE OF organization_id, profile_id, hierarchy_level_id, label_id, deleted_at
  ON profile_level_accesses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION touchline_authz_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER profiles_authz AFTER DELETE OR UPDATE OF organization_id, app_user_id, deleted_at
  ON profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION touchline_authz_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER hierarchy_levels_authz AFTER DELETE OR UPDATE OF organization_id, path, deleted_at
  ON hierarchy_levels DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION touchline_authz_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER labels_authz AFTER DELETE OR UPDATE OF organization_id, role, deleted_at
  ON labels DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION touchline_authz_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER organizations_authz AFTER UPDATE OF deleted_at
  ON organizations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION touchline_authz_changed();
--> statement-breakpoint
-- The tiles' counts (ADR 026): per level, the live accesses of its whole subtree, by label, group membership,
-- overall status and requirement-status set. Every statement that writes accesses adds what it changed at each level
-- of the accesses' paths (old rows subtracted, new rows added, grouped: one upsert per count row touched, in key
-- order, never one per access), in the same transaction. A move is the paths' change, so it moves its counts too.
-- Rows that fall to zero stay (a read sums them as nothing).
CREATE OR REPLACE FUNCTION touchline_path_prefixes(path text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT '/' || array_to_string(s[1:i], '/') || '/'
  FROM (SELECT string_to_array(trim(both '/' from path), '/') AS s) x, generate_series(1, cardinality(s)) i
  WHERE path <> ''
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_level_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.level_member_counts AS c (organization_id, level_path, label_id, group_membership_status,
      overall_status, requirement_statuses, members)
    SELECT r.organization_id, a.p, r.label_id, r.group_membership_status, r.overall_status, r.requirement_statuses,
      count(*)::int
    FROM new_rows r CROSS JOIN LATERAL public.touchline_path_prefixes(r.level_path) a(p)
    WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organization_id, level_path, label_id, group_membership_status, overall_status, requirement_statuses)
    DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_level_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.level_member_counts AS c (organization_id, level_path, label_id, group_membership_status,
      overall_status, requirement_statuses, members)
    SELECT r.organization_id, a.p, r.label_id, r.group_membership_status, r.overall_status, r.requirement_statuses,
      -count(*)::int
    FROM old_rows r CROSS JOIN LATERAL public.touchline_path_prefixes(r.level_path) a(p)
    WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organization_id, level_path, label_id, group_membership_status, overall_status, requirement_statuses)
    DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_level_counts_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.level_member_counts AS c (organization_id, level_path, label_id, group_membership_status,
      overall_status, requirement_statuses, members)
    SELECT o, p, l, g, s, r, sum(n)::int FROM (
      SELECT r.organization_id o, a.p, r.label_id l, r.group_membership_status g, r.overall_status s,
        r.requirement_statuses r, -1 n
      FROM old_rows r CROSS JOIN LATERAL public.touchline_path_prefixes(r.level_path) a(p) WHERE r.deleted_at IS NULL
      UNION ALL
      SELECT r.organization_id, a.p, r.label_id, r.group_membership_status, r.overall_status, r.requirement_statuses, 1
      FROM new_rows r CROSS JOIN LATERAL public.touchline_path_prefixes(r.level_path) a(p) WHERE r.deleted_at IS NULL
    ) changes
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organization_id, level_path, label_id, group_membership_status, overall_status, requirement_statuses)
    DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_level_accesses_counts_insert AFTER INSERT ON profile_level_accesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touchline_level_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER profile_level_accesses_counts_delete AFTER DELETE ON profile_level_accesses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touchline_level_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER profile_level_accesses_counts_update AFTER UPDATE ON profile_level_accesses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION touchline_level_counts_updated();
--> statement-breakpoint
-- Existing members, counted once at every level of their paths.
INSERT INTO level_member_counts (organization_id, level_path, label_id, group_membership_status, overall_status,
    requirement_statuses, members)
  SELECT r.organization_id, a.p, r.label_id, r.group_membership_status, r.overall_status, r.requirement_statuses,
    count(*)
  FROM profile_level_accesses r CROSS JOIN LATERAL touchline_path_prefixes(r.level_path) a(p)
  WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6;
