CREATE SEQUENCE "public"."list_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "blocks_version" bigint DEFAULT nextval('list_version_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "checklists_version" bigint DEFAULT nextval('list_version_seq') NOT NULL;--> statement-breakpoint
-- Every write to a team's blocks or checklists, through the API or straight into the database, gives
-- the team a new version of that list (`teams.blocks_version`, `teams.checklists_version`), so a list
-- ETag (server/http/etag.ts) can never outlive the rows it stands for. The triggers run once per statement
-- and read the written rows as transition tables: a statement writing many rows of a team moves that
-- team's version once. The SQL is static (no EXECUTE), so PostgreSQL keeps its plans between calls.
CREATE FUNCTION "public"."bump_blocks_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "public"."teams" SET "blocks_version" = nextval('"public"."list_version_seq"') WHERE "id" IN (SELECT "team_id" FROM rows_after);
  ELSIF TG_OP = 'UPDATE' THEN
    -- An update can move a row to another team: both teams' lists change.
    UPDATE "public"."teams" SET "blocks_version" = nextval('"public"."list_version_seq"') WHERE "id" IN (SELECT "team_id" FROM rows_before UNION SELECT "team_id" FROM rows_after);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "public"."teams" SET "blocks_version" = nextval('"public"."list_version_seq"') WHERE "id" IN (SELECT "team_id" FROM rows_before);
  ELSE
    -- TRUNCATE empties every team's list.
    UPDATE "public"."teams" SET "blocks_version" = nextval('"public"."list_version_seq"');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blocks_insert_list_version" AFTER INSERT ON "blocks" REFERENCING NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_blocks_version"();--> statement-breakpoint
CREATE TRIGGER "blocks_update_list_version" AFTER UPDATE ON "blocks" REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_blocks_version"();--> statement-breakpoint
CREATE TRIGGER "blocks_delete_list_version" AFTER DELETE ON "blocks" REFERENCING OLD TABLE AS rows_before FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_blocks_version"();--> statement-breakpoint
CREATE TRIGGER "blocks_truncate_list_version" AFTER TRUNCATE ON "blocks" FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_blocks_version"();
--> statement-breakpoint
CREATE FUNCTION "public"."bump_checklists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "public"."teams" SET "checklists_version" = nextval('"public"."list_version_seq"') WHERE "id" IN (SELECT "team_id" FROM rows_after);
  ELSIF TG_OP = 'UPDATE' THEN
    -- An update can move a row to another team: both teams' lists change.
    UPDATE "public"."teams" SET "checklists_version" = nextval('"public"."list_version_seq"') WHERE "id" IN (SELECT "team_id" FROM rows_before UNION SELECT "team_id" FROM rows_after);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "public"."teams" SET "checklists_version" = nextval('"public"."list_version_seq"') WHERE "id" IN (SELECT "team_id" FROM rows_before);
  ELSE
    -- TRUNCATE empties every team's list.
    UPDATE "public"."teams" SET "checklists_version" = nextval('"public"."list_version_seq"');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "checklists_insert_list_version" AFTER INSERT ON "checklists" REFERENCING NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_checklists_version"();--> statement-breakpoint
CREATE TRIGGER "checklists_update_list_version" AFTER UPDATE ON "checklists" REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_checklists_version"();--> statement-breakpoint
CREATE TRIGGER "checklists_delete_list_version" AFTER DELETE ON "checklists" REFERENCING OLD TABLE AS rows_before FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_checklists_version"();--> statement-breakpoint
CREATE TRIGGER "checklists_truncate_list_version" AFTER TRUNCATE ON "checklists" FOR EACH STATEMENT EXECUTE FUNCTION "public"."bump_checklists_version"();
