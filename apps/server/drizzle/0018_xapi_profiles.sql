CREATE TABLE "xapi_profiles" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"profile_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "xapi_profiles_kind_subject_profile_id_pk" PRIMARY KEY("kind","subject","profile_id")
);
