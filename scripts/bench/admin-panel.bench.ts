/**
 * The signed-in owner's panel against the same bytes served static, side by side in one run: the
 * demo bakery's owner opens each tab that changes with orders (pending orders first), and the
 * answers are compared with a bare Node server sending the very bytes captured from ours. Target:
 * the pending-orders tab at ≥ 0.10 of static. autocannon, BENCH_CONNECTIONS (20) connections, gzip,
 * BENCH_SECONDS (10) each, the server as `npm start` runs it (a worker per core). Prints figures;
 * asserts nothing.
 *
 *   npm run build && npm run bench -- admin-panel
 */
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from "~/db/demo/demo-marketplace";
import { signIn } from "../../tests/support/http-server";
import { startDemoServer } from "./demo-server";
import { capture, load, startStaticTwin } from "./static-twin";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TABS = [
  { tab: "ordenes_pendientes", target: 0.1 },
  { tab: "productos", target: undefined },
  { tab: "resumen", target: undefined },
];

const server = await startDemoServer("admin");
let twin: Awaited<ReturnType<typeof startStaticTwin>> | undefined;
try {
  const cookie = await signIn(server.url, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
  const paths = TABS.map(({ tab }) => `/i/admin?tab=${tab}`);
  const captured: Parameters<typeof startStaticTwin>[1] = [];
  for (const at of paths) captured.push([at, await capture(`${server.url}${at}`, { cookie })]);
  twin = await startStaticTwin(server.dataDir, captured);

  console.log(`The demo owner's panel, ${CONNECTIONS} connections, gzip, ${SECONDS} s each (autocannon)`);
  for (const [index, { tab, target }] of TABS.entries()) {
    const at = paths[index]!;
    const ours = await load(`${server.url}${at}`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { cookie },
    });
    const bare = await load(`${twin.origin}${at}`, { connections: CONNECTIONS, seconds: SECONDS });
    const ratio = ours.rps / bare.rps;
    console.log(
      `  ${tab.padEnd(20)} Tianguis ${ours.rps.toFixed(0).padStart(6)} req/s (p99 ${ours.p99} ms, ${(captured[index]![1].body.length / 1024).toFixed(1)} KB)` +
        ` · static ${bare.rps.toFixed(0).padStart(6)} req/s · ratio ${ratio.toFixed(3)}` +
        (target ? `   (target ≥ ${target})` : "") +
        (ours.errors ? ` · ${ours.errors} errors` : ""),
    );
  }
} finally {
  twin?.stop();
  await server.stop();
}
