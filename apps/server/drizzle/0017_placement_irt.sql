ALTER TABLE "placement_answers" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "placement_questions" ADD COLUMN "also_correct" jsonb;--> statement-breakpoint
ALTER TABLE "placement_questions" ADD COLUMN "difficulty" double precision;