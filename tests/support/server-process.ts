import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "~/db/embedded.server";

/** scrypt's log2 N in the suite: 4 MiB and a few milliseconds a hash instead of 128 MiB and half a second. */
export const TEST_HASH_LOG_N = "12";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM to the process group, and wait: the clean shutdown path. */
  stop: () => Promise<number | null>;
};

/**
 * Starts the built server (`node server.js`, or another command such as `npm start`) as its
 * own process, exactly as a user would, and waits until /readyz says it is ready.
 */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  // A free port can be taken by another process before the server listens on it (files start
  // servers and databases side by side): a start that lost its port is tried again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      if (attempt === 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

type ServerOptions = {
  env?: Record<string, string>;
  /**
   * The server's output goes to this file instead of a pipe into this process: a bench under load
   * must not spend the machine's cores reading thousands of request lines a second beside it.
   */
  logFile?: string;
  command?: [string, ...string[]];
  timeoutMs?: number;
};

async function startOnFreePort(options: ServerOptions): Promise<ServerProcess> {
  const port = await findFreePort();
  const [command, ...args] = options.command ?? ["node", "server.js"];
  const logFile = options.logFile === undefined ? undefined : openSync(options.logFile, "a");
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      LOG_LEVEL: "info",
      // `npm start` runs from the build the suite made, never rebuilding it under other files' servers.
      TIANGUIS_NO_PREPARE: "1",
      // One process per test server unless a test asks for workers: a file's requests are few.
      WEB_CONCURRENCY: "1",
      // Accounts are hashed at a test's cost; a test of the hashing itself asks for production's.
      PASSWORD_HASH_LOG_N: TEST_HASH_LOG_N,
      // Four files at once share one PostgreSQL (100 connections on a stock server): each test
      // server keeps a few.
      DB_POOL_MAX: "6",
      ...options.env,
    },
    stdio: logFile === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFile, logFile],
    // Its own process group: `npm start` does not pass signals on, so stop() signals the group.
    detached: true,
  });
  // The child has its own copy of the file's descriptor.
  if (logFile !== undefined) closeSync(logFile);
  let piped = "";
  child.stdout?.on("data", (chunk) => (piped += chunk));
  child.stderr?.on("data", (chunk) => (piped += chunk));
  const read = () => (options.logFile === undefined ? piped : readFileSync(options.logFile, "utf8"));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (true) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${read()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`Server did not become healthy:\n${read()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    output: read,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          child.kill("SIGTERM");
        }
      }),
  };
}
