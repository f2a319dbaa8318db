-- Every running server process (API, worker or both) with a heartbeat: what a process is in the middle of (a job's
-- locked_by, an upload's file names) carries its id, so once it stops beating (or its pid is gone on the same machine)
-- another process removes its files and gives its jobs back at once instead of after an hour or a lease.
CREATE TABLE "server_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"local_key" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"swept_at" timestamp with time zone,
	CONSTRAINT "server_processes_role_check" CHECK ("server_processes"."role" in ('api', 'worker', 'all'))
);
