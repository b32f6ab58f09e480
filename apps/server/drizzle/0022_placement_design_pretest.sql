ALTER TABLE "placement_answers" ADD COLUMN "pretest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_questions" ADD COLUMN "discrimination" double precision;--> statement-breakpoint
-- Tests that exist now were begun with options in bank order and no pretest questions: design 1.
ALTER TABLE "placement_tests" ADD COLUMN "design" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_tests" ALTER COLUMN "design" SET DEFAULT 2;
