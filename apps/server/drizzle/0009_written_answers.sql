CREATE TABLE "written_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"exam_file" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"deadline_at" timestamp (3) with time zone NOT NULL,
	"draft" text DEFAULT '' NOT NULL,
	"draft_saved_at" timestamp (3) with time zone,
	"answer" text,
	"sent_at" timestamp (3) with time zone,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "written_answers" ADD CONSTRAINT "written_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "written_answers" ADD CONSTRAINT "written_answers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "written_answers_one_idx" ON "written_answers" USING btree ("user_id","group_id","exam_file");--> statement-breakpoint
CREATE INDEX "written_answers_group_idx" ON "written_answers" USING btree ("group_id");