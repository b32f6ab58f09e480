CREATE TABLE "study_beats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_time" (
	"user_id" uuid NOT NULL,
	"group_id" text DEFAULT '' NOT NULL,
	"unit_id" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "study_time_user_id_group_id_unit_id_day_pk" PRIMARY KEY("user_id","group_id","unit_id","day")
);
--> statement-breakpoint
ALTER TABLE "study_beats" ADD CONSTRAINT "study_beats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_time" ADD CONSTRAINT "study_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;