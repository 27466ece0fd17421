CREATE TABLE "screen_latest" (
	"company_id" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"currency" text,
	"values" jsonb NOT NULL,
	"periods" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
