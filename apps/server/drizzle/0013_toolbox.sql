CREATE TABLE "guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"thumbnail" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "learning_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"theme_id" uuid NOT NULL,
	"topic_id" uuid,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"img" text,
	"intro" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_themes_key_unique" UNIQUE("key"),
	CONSTRAINT "link_themes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "link_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"theme_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_topics_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"thumbnail" text,
	"pdf" text,
	"captions" text,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"credits" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "learning_links" ADD CONSTRAINT "learning_links_theme_id_link_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."link_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_links" ADD CONSTRAINT "learning_links_topic_id_link_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."link_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_topics" ADD CONSTRAINT "link_topics_theme_id_link_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."link_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_links_theme_idx" ON "learning_links" USING btree ("theme_id","topic_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "link_topics_theme_key_idx" ON "link_topics" USING btree ("theme_id","key");