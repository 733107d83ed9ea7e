import { z } from "zod";

/**
 * Zod, configured once: without `jitless` it probes `new Function` to compile object parsers, and
 * under our Content-Security-Policy (no eval) the probe alone reports a violation. Parsing without
 * compiled code gives the same results. Every module imports zod from here.
 */
z.config({ jitless: true });

export { z };
