-- Recording processing resumes after its last finished stage: the stages done, the transcript's pieces made so far.
ALTER TABLE "recordings" ADD COLUMN "completed_stages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transcript_pieces" jsonb;--> statement-breakpoint
CREATE INDEX "recordings_unfinished_idx" ON "recordings" USING btree ("updated_at") WHERE "recordings"."status" in ('uploaded', 'processing');
