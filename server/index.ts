/**
 * The SSR bundle's entry (vite.config.ts): what `server.js` runs — `runTianguis`, the primary and
 * its workers (server/cluster.ts) — and one instance for whoever starts it in-process
 * (`startTianguis`, server/app.ts). Neither of the two imports the other's entry: a worker's
 * instance is built by app.ts, which knows nothing of the cluster that runs it.
 */
export { runTianguis } from "./cluster";
export { startTianguis } from "./app";
export { prepareDatabase } from "./database";
