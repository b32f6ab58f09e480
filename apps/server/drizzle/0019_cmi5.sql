CREATE TABLE "cmi5_units" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"course_activity_id" text NOT NULL,
	"course_publisher_id" text NOT NULL,
	"publisher_id" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"move_on" text NOT NULL,
	"mastery_score" double precision,
	"launch_method" text NOT NULL,
	"launch_parameters" text,
	"entitlement_key" text,
	"url_query" text
);
--> statement-breakpoint
CREATE TABLE "cmi5_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"learner_session_id" text,
	"registration" uuid NOT NULL,
	"actor" jsonb NOT NULL,
	"launch_mode" text NOT NULL,
	"fetch_hash" text NOT NULL,
	"fetched_at" timestamp (3) with time zone,
	"verbs" text[] DEFAULT '{}'::text[] NOT NULL,
	"launched_at" timestamp (3) with time zone NOT NULL,
	"last_statement_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"ended_by" text,
	CONSTRAINT "cmi5_sessions_fetch_hash_unique" UNIQUE("fetch_hash")
);
--> statement-breakpoint
CREATE TABLE "cmi5_satisfied" (
	"user_id" uuid NOT NULL,
	"registration" uuid NOT NULL,
	"activity_id" text NOT NULL,
	"how" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "cmi5_satisfied_user_id_registration_activity_id_pk" PRIMARY KEY("user_id","registration","activity_id")
);
--> statement-breakpoint
ALTER TABLE "cmi5_units" ADD CONSTRAINT "cmi5_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_sessions" ADD CONSTRAINT "cmi5_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_sessions" ADD CONSTRAINT "cmi5_sessions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_satisfied" ADD CONSTRAINT "cmi5_satisfied_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cmi5_sessions_registration_idx" ON "cmi5_sessions" USING btree ("user_id","unit_id","registration");
