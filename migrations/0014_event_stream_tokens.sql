CREATE TABLE "event_stream_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"key_prefix" text NOT NULL,
	"plan" text NOT NULL,
	"filters" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
