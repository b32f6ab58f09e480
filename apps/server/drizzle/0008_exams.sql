CREATE TABLE "exam_answers" (
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"shown_index" jsonb NOT NULL,
	"answer_index" jsonb NOT NULL,
	"is_correct" boolean NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	CONSTRAINT "exam_answers_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"pool_id" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"deadline_at" timestamp (3) with time zone NOT NULL,
	"layout" jsonb NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"finished_by" text,
	"scores" jsonb,
	"last_sync_at" timestamp with time zone,
	"last_client_timer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" text NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"subcategory" text NOT NULL,
	"name" text NOT NULL,
	"passage" jsonb,
	"answers" jsonb NOT NULL,
	"correct" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer DEFAULT 90 NOT NULL,
	"draw_count" integer,
	"shuffle" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_pool_id_question_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."question_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_questions" ADD CONSTRAINT "pool_questions_pool_id_question_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."question_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_idx" ON "exam_attempts" USING btree ("user_id","group_id","pool_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE finished_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pool_questions_key_idx" ON "pool_questions" USING btree ("pool_id","key");