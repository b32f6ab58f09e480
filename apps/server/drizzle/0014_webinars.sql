CREATE TABLE "webinar_registrations" (
	"webinar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"join_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinar_registrations_webinar_id_user_id_pk" PRIMARY KEY("webinar_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"meeting_id" text NOT NULL,
	"join_url" text NOT NULL,
	"topic" text NOT NULL,
	"blurb" text DEFAULT '' NOT NULL,
	"speaker" text DEFAULT '' NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"places" integer NOT NULL,
	"recording" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinars_key_unique" UNIQUE("key"),
	CONSTRAINT "webinars_meeting_id_unique" UNIQUE("meeting_id"),
	CONSTRAINT "webinars_places_check" CHECK ("webinars"."places" >= 0)
);
--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webinar_registrations_user_idx" ON "webinar_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webinars_start_idx" ON "webinars" USING btree ("start");