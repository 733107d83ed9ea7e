/**
 * A process that logs as fast as it can: `node --import tsx log-writer.ts <writer> <lines>`. Several
 * of them sharing one stdout pipe are what a primary and its workers are to the log.
 */
import { createLogger } from "~/lib/logger.server";

const writer = Number(process.argv[2]);
const total = Number(process.argv[3]);
const logger = createLogger("info", { writer });
// A request line's length, with a letter that takes two bytes.
const path = "/panaderia-la-espiga/" + "ñ".repeat(120);
let written = 0;
const burst = () => {
  for (let i = 0; i < 500 && written < total; i++) logger.info("request", { n: written++, path });
  if (written < total) setImmediate(burst);
};
burst();
