ALTER TABLE "classification_outcomes" ALTER COLUMN "actual_classification" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "classification_outcomes" ADD COLUMN "user_answer" text;--> statement-breakpoint
UPDATE "classification_outcomes" SET "user_answer" = CASE WHEN "actual_classification" = "classification_from_model" THEN 'yes' ELSE 'no' END WHERE "user_answer" IS NULL;
