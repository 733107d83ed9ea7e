/**
 * City-page throughput with the public reads on a streaming read replica against the same on the
 * primary, side by side in one run: a primary and its replica of PostgreSQL 15
 * (tests/support/replica.ts) and the comparison of ./replica-throughput.ts. `npm run bench --
 * failover` prints the same on the Patroni cluster.
 *
 *   npm run build && npm run bench -- replica-reads
 */
import { startReplicaPair } from "../../tests/support/replica";
import { compareReplicaReads } from "./replica-throughput";

const pair = await startReplicaPair();
try {
  await compareReplicaReads({
    primaryUrl: pair.primaryUrl,
    replicaUrl: pair.replicaUrl,
    caughtUp: () => pair.caughtUp(),
  });
} finally {
  await pair.stop();
}
