CREATE TABLE "placement_models" (
	"id" text PRIMARY KEY NOT NULL,
	"description_kn" text NOT NULL,
	"description_rc" text NOT NULL,
	"description_oc" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" text NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"subcategory" text NOT NULL,
	"name" text NOT NULL,
	"passage" jsonb,
	"answers" jsonb NOT NULL,
	"correct" jsonb NOT NULL,
	"media" jsonb
);
--> statement-breakpoint
ALTER TABLE "placement_answers" ADD COLUMN "is_correct" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_tests" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "placement_tests" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "placement_tests" ADD COLUMN "audio_plays" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_questions" ADD CONSTRAINT "placement_questions_model_id_placement_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."placement_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "placement_questions_key_idx" ON "placement_questions" USING btree ("model_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "placement_tests_open_idx" ON "placement_tests" USING btree ("user_id") WHERE finished_at IS NULL;