// `npm start`: from a fresh clone to a running marketplace: installs dependencies and builds
// when needed, then serves with the embedded database and the demo data.
import path from "node:path";
import { checkNodeVersion, ensureBuilt, ensureInstalled, root } from "./prepare.mjs";

checkNodeVersion();
process.chdir(root);
await ensureInstalled();
await ensureBuilt();
process.env.NODE_ENV ??= "production";
// In this process, so that signals reach the server directly.
await import(path.join(root, "server.js"));
