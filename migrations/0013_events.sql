CREATE TABLE "event_counter" (
	"name" text PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigint NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"detected_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"company_id" text,
	"ticker" text,
	"data" jsonb NOT NULL,
	CONSTRAINT "events_sequence_key" UNIQUE("sequence")
);
--> statement-breakpoint
CREATE INDEX "events_type_sequence" ON "events" USING btree ("type","sequence");--> statement-breakpoint
CREATE INDEX "events_company_sequence" ON "events" USING btree ("company_id","sequence");--> statement-breakpoint
CREATE INDEX "events_ticker_sequence" ON "events" USING btree ("ticker","sequence");--> statement-breakpoint
CREATE INDEX "events_published_at" ON "events" USING btree ("published_at");--> statement-breakpoint
INSERT INTO "event_counter" ("name", "last") VALUES ('events', 0) ON CONFLICT DO NOTHING;
