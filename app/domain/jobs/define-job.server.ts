import type { Database } from "~/db/client.server";
import { z } from "~/lib/zod";
import { JobError, type Job, type JobKind } from "./jobs.server";
import type { RetryPolicy } from "./retry-policy";

/**
 * One kind of job as the registry (server/jobs.ts) lists it: its name, the shape of its payload,
 * what runs it, and, for the periodic ones, how its next run is queued. The worker checks every
 * payload against its shape before the handler sees it: a job queued by an older version, edited
 * by hand or emptied by an erasure never reaches a handler as something it did not expect.
 */
export type JobDefinition = {
  kind: string;
  handler: JobKind;
  /** Queues the job's next run at `at` (at most one per period, whichever instance asks). */
  schedule?: (db: Database, at?: Date) => Promise<void>;
};

export function defineJob<Schema extends z.ZodType>(definition: {
  kind: string;
  payload: Schema;
  run: (payload: z.infer<Schema>, job: Job) => Promise<void>;
  retry?: Partial<RetryPolicy>;
  schedule?: JobDefinition["schedule"];
}): JobDefinition {
  const { kind, payload, run, retry = {}, schedule } = definition;
  return {
    kind,
    schedule,
    handler: {
      retry,
      run: async (job) => {
        const parsed = payload.safeParse(job.payload);
        // Not retried: the same payload would fail the same way.
        if (!parsed.success)
          throw new JobError(`payload of ${kind} is not valid: ${parsed.error.message}`, false);
        await run(parsed.data, job);
      },
    },
  };
}

/** A job with nothing to say: the periodic ones. */
export const NO_PAYLOAD = z.object({}).passthrough();

/** What erasing a shopper's data leaves of a job that held it (app/domain/stores/close-store.server.ts). */
export const ERASED_PAYLOAD = z.object({}).strict();

export function isErased<Payload extends object>(
  payload: Payload | Record<string, never>,
): payload is Record<string, never> {
  return Object.keys(payload).length === 0;
}
