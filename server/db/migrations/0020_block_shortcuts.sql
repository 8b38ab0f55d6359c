ALTER TABLE "block_versions" ADD COLUMN "shortcut" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "shortcut" text;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_team_shortcut_idx" ON "blocks" USING btree ("team_id",lower("shortcut")) WHERE "blocks"."shortcut" is not null and "blocks"."deleted_at" is null;