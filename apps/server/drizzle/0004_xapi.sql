CREATE TABLE "xapi_state" (
	"activity_id" text NOT NULL,
	"agent_key" text NOT NULL,
	"state_id" text NOT NULL,
	"registration" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "xapi_state_activity_id_agent_key_registration_state_id_pk" PRIMARY KEY("activity_id","agent_key","registration","state_id")
);
--> statement-breakpoint
CREATE TABLE "xapi_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"statement" jsonb NOT NULL,
	"actor_key" text NOT NULL,
	"object_agent_key" text,
	"verb_id" text NOT NULL,
	"activity_id" text,
	"related_activities" text[] NOT NULL,
	"related_agents" text[] NOT NULL,
	"registration" uuid,
	"ref_id" uuid,
	"voided" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"stored" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xapi_statements_stored_idx" ON "xapi_statements" USING btree ("stored","id");--> statement-breakpoint
CREATE INDEX "xapi_statements_actor_idx" ON "xapi_statements" USING btree ("actor_key","stored");--> statement-breakpoint
CREATE INDEX "xapi_statements_object_agent_idx" ON "xapi_statements" USING btree ("object_agent_key");--> statement-breakpoint
CREATE INDEX "xapi_statements_ref_idx" ON "xapi_statements" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "xapi_statements_activity_idx" ON "xapi_statements" USING btree ("activity_id","stored");--> statement-breakpoint
CREATE INDEX "xapi_statements_registration_idx" ON "xapi_statements" USING btree ("registration");