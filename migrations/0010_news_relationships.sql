CREATE TABLE "news_relationships" (
	"accession_number" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"side" text NOT NULL,
	"filer_id" text NOT NULL,
	"counterparty_id" text,
	"unlinked" text,
	"pct" real NOT NULL,
	"period_end" date,
	"filing_date" date NOT NULL,
	"evidence" text NOT NULL,
	CONSTRAINT "news_relationships_accession_number_source_name_side_pk" PRIMARY KEY("accession_number","source","name","side")
);
--> statement-breakpoint
CREATE INDEX "news_relationships_filer" ON "news_relationships" USING btree ("filer_id");--> statement-breakpoint
CREATE INDEX "news_relationships_counterparty" ON "news_relationships" USING btree ("counterparty_id");