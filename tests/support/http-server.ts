import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { ImageKind } from "~/domain/images/image-urls";
import { photoLikeJpeg } from "./photo";
import { startServerProcess, type ServerProcess } from "./server-process";

/**
 * The built server as its own process on a test file's database, for tests that go through
 * real HTTP. Read `.server` inside tests (it is set by beforeAll).
 */
export function useServerProcess(databaseUrl: string, env: Record<string, string> = {}) {
  const state = { server: undefined as unknown as ServerProcess, dataDir: "" };
  beforeAll(async () => {
    state.dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-http-"));
    state.server = await startServerProcess({
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: state.dataDir,
        DEMO_DATA: "false",
        LOG_LEVEL: "warn",
        ...env,
      },
    });
  });
  afterAll(async () => {
    await state.server?.stop();
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  });
  return state;
}

/** Logs in through the login form and returns the session cookie to send along. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/i/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  // On a refusal, its Spanish message says which (wrong password, a limit, our failure).
  if (response.status !== 302) expect(`${response.status} ${await response.text()}`).toBe("302");
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Uploads a photo as the owner's panel does and returns the key the server gave it. */
export async function uploadPhoto(baseUrl: string, cookie: string, kind: ImageKind): Promise<string> {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new Blob([await photoLikeJpeg(900, 700)], { type: "image/jpeg" }), "foto.jpg");
  const response = await fetch(`${baseUrl}/i/admin/upload`, {
    method: "POST",
    body: form,
    headers: { cookie, Accept: "application/json" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}
