/**
 * The upload endpoint and /media through the real HTTP server (the built app in its own
 * process, with its own DATA_DIR): who may upload, what is refused, what is stored and served.
 */
import http from "node:http";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOwner, createStore } from "~/db/factories.server";
import { isOwnedImageKey } from "~/domain/images/image-keys";
import { IMAGE_MESSAGES } from "~/domain/images/image-messages";
import { imageSources, thumbnailKey } from "~/domain/images/image-urls";
import { createTestDatabase } from "../support/database";
import {
  decompressionBomb,
  fiftyMegapixelPng,
  htmlJpegPolyglot,
  PHP_AS_JPG,
  smallJpeg,
  SVG_WITH_SCRIPT,
  truncatedJpeg,
  twentyMegabytes,
} from "../support/hostile-images";
import { photoLikeJpeg } from "../support/photo";
import { signIn as signInOver, useServerProcess } from "../support/http-server";
import { GUARD_MESSAGES } from "~/domain/auth/roles";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);

const signIn = (email: string, password: string) => signInOver(running.server.url, email, password);

async function newOwner() {
  const store = await createStore(db);
  const owner = await createOwner(db, { storeId: store.id });
  return { storeId: store.id, cookie: await signIn(owner.email, owner.password) };
}

async function upload(
  cookie: string | null,
  bytes: Uint8Array,
  options: { kind?: string; fileName?: string; type?: string } = {},
) {
  const form = new FormData();
  form.set("kind", options.kind ?? "product-images");
  form.set(
    "file",
    new Blob([Buffer.from(bytes)], { type: options.type ?? "image/jpeg" }),
    options.fileName ?? "foto.jpg",
  );
  const response = await fetch(`${running.server.url}/i/admin/upload`, {
    method: "POST",
    body: form,
    // As the upload component sends it: a script's request, answered in JSON.
    headers: cookie ? { cookie, Accept: "application/json" } : { Accept: "application/json" },
    redirect: "manual",
  });
  const body = (await response.json()) as {
    ok: boolean;
    key?: string;
    urls?: ReturnType<typeof imageSources>;
    message?: string;
  };
  return { status: response.status, body };
}

/** Every file under DATA_DIR (uploads and anything else the server wrote outside it). */
async function uploadedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(running.dataDir, "uploads"), {
      recursive: true,
      withFileTypes: true,
    });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** A raw GET, so that `..` and escapes reach the server exactly as written. */
function rawGet(
  requestPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port: running.server.port, path: requestPath },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", reject);
  });
}

describe("POST /i/admin/upload", () => {
  it("stores an owner's 3000×2000 photo as WebP + thumbnails under a server-made key; the file name never reaches a path", async () => {
    const { storeId, cookie } = await newOwner();
    const before = await uploadedFiles();
    const photo = await photoLikeJpeg(3000, 2000);

    const { status, body } = await upload(cookie, photo, { fileName: "../../x.jpg", type: "text/html" });
    expect(status).toBe(201);
    expect(isOwnedImageKey(storeId, "product-images", body.key)).toBe(true);
    expect(body.urls).toEqual(imageSources(body.key!));

    const added = (await uploadedFiles()).filter((file) => !before.includes(file));
    expect(added.sort()).toEqual(
      [body.key!, thumbnailKey(body.key!, 200), thumbnailKey(body.key!, 400)]
        .map((key) => path.join(running.dataDir, "uploads", key))
        .sort(),
    );
    const everything = await readdir(running.dataDir, { recursive: true });
    expect(everything.some((file) => file.endsWith("x.jpg"))).toBe(false);

    for (const [url, width] of [
      [body.urls!.full, 800],
      [`/media/${thumbnailKey(body.key!, 200)}`, 200],
      [body.urls!.src, 400],
    ] as const) {
      const response = await fetch(`${running.server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
    }
  });

  it("stores a logo under store-logos/<storeId>/", async () => {
    const { storeId, cookie } = await newOwner();
    const { status, body } = await upload(cookie, await smallJpeg(), { kind: "store-logos" });
    expect(status).toBe(201);
    expect(isOwnedImageKey(storeId, "store-logos", body.key)).toBe(true);
  });

  it("neutralises an HTML/JPEG polyglot: served as a plain WebP with nosniff, without the HTML", async () => {
    const { cookie } = await newOwner();
    const { status, body } = await upload(cookie, await htmlJpegPolyglot(), {
      fileName: "pagina.html",
      type: "text/html",
    });
    expect(status).toBe(201);
    expect(body.key).toMatch(/\.webp$/);
    const served = await fetch(`${running.server.url}${body.urls!.full}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(bytes.includes("<script")).toBe(false);
  });

  it.each([
    ["an SVG with a script", () => SVG_WITH_SCRIPT, "dibujo.svg", 422, IMAGE_MESSAGES.unsupportedType],
    ["a .php renamed .jpg", () => PHP_AS_JPG, "shell.php.jpg", 422, IMAGE_MESSAGES.unsupportedType],
    ["a 20 MB file", twentyMegabytes, "grande.jpg", 413, IMAGE_MESSAGES.tooLarge],
    ["a 50-megapixel PNG", fiftyMegapixelPng, "enorme.png", 422, IMAGE_MESSAGES.tooManyPixels],
    ["a decompression bomb", decompressionBomb, "bomba.png", 422, IMAGE_MESSAGES.tooManyPixels],
    ["a truncated JPEG", truncatedJpeg, "cortada.jpg", 422, IMAGE_MESSAGES.damaged],
    ["an empty file", () => new Uint8Array(), "vacia.jpg", 422, IMAGE_MESSAGES.empty],
  ] as const)(
    "refuses %s with a Spanish message and stores nothing",
    async (_name, make, fileName, status, message) => {
      const { cookie } = await newOwner();
      const before = await uploadedFiles();
      const result = await upload(cookie, await make(), { fileName });
      expect(result).toMatchObject({ status, body: { ok: false, message } });
      expect(await uploadedFiles()).toEqual(before);
    },
  );

  it("refuses anyone who is not a store's owner, and stores nothing", async () => {
    const before = await uploadedFiles();
    const photo = await smallJpeg();

    expect(await upload(null, photo)).toEqual({
      status: 401,
      body: { ok: false, message: GUARD_MESSAGES.signInRequired },
    });

    // Signed in, but owner of no store (e.g. a store created by the super-admin without a user).
    const stranger = await createOwner(db, {});
    const strangerCookie = await signIn(stranger.email, stranger.password);
    expect(await upload(strangerCookie, photo)).toEqual({
      status: 404,
      body: { ok: false, message: GUARD_MESSAGES.notFound },
    });

    // A forged cookie is anonymous.
    expect((await upload("better-auth.session_token=forged.value", photo)).status).toBe(401);
    expect(await uploadedFiles()).toEqual(before);
  });

  it("a photo refused before it is read still gets its answer, and its connection serves the next request", async () => {
    // One kept-alive connection, as a browser reuses it for the panel's next request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const photo = await photoLikeJpeg(2000, 1500);
    const boundary = "----tianguis";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nproduct-images\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = (method: string, path: string, payload?: Buffer) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: "127.0.0.1",
            port: running.server.port,
            path,
            method,
            headers: payload
              ? {
                  accept: "application/json",
                  "content-type": `multipart/form-data; boundary=${boundary}`,
                  "content-length": String(payload.length),
                }
              : {},
            timeout: 10_000,
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode!, reused: request.reusedSocket }));
          },
        );
        request.on("timeout", () => request.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
        request.on("error", reject);
        request.end(payload);
      });
    try {
      expect(body.length).toBeGreaterThan(512 * 1024);
      const answers = [];
      for (let round = 0; round < 3; round++) {
        answers.push(await send("POST", "/i/admin/upload", body));
        // A static file: its answer depends on the connection alone, not on a database probe.
        answers.push(await send("GET", "/favicon.svg"));
      }
      expect(answers.map((answer) => answer.status)).toEqual([401, 200, 401, 200, 401, 200]);
      expect(answers.slice(1).every((answer) => answer.reused)).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("puts an owner's upload in their own store, whatever the form says", async () => {
    const victim = await newOwner();
    const attacker = await newOwner();
    const form = new FormData();
    form.set("kind", "product-images");
    form.set("storeId", victim.storeId);
    form.set("file", new Blob([await smallJpeg()], { type: "image/jpeg" }), `../${victim.storeId}/x.jpg`);
    const response = await fetch(`${running.server.url}/i/admin/upload`, {
      method: "POST",
      body: form,
      headers: { cookie: attacker.cookie },
    });
    const body = (await response.json()) as { key: string };
    expect(response.status).toBe(201);
    expect(isOwnedImageKey(attacker.storeId, "product-images", body.key)).toBe(true);
    expect(body.key.includes(victim.storeId)).toBe(false);
  });

  it("refuses an unknown kind and a form without a file", async () => {
    const { cookie } = await newOwner();
    expect(await upload(cookie, await smallJpeg(), { kind: "../secrets" })).toEqual({
      status: 400,
      body: { ok: false, message: IMAGE_MESSAGES.invalidKind },
    });
    const form = new FormData();
    form.set("kind", "product-images");
    const response = await fetch(`${running.server.url}/i/admin/upload`, {
      method: "POST",
      body: form,
      headers: { cookie, Accept: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: IMAGE_MESSAGES.missingFile });
  });

  it("enforces the size cap on a chunked body that declares no length", async () => {
    const { cookie } = await newOwner();
    const boundary = "----tianguis";
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered: { status: number; body: string } | undefined;
      const request = http.request(
        {
          host: "127.0.0.1",
          port: running.server.port,
          path: "/i/admin/upload",
          method: "POST",
          headers: {
            cookie,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "transfer-encoding": "chunked",
          },
        },
        (response) => {
          const got = { status: response.statusCode!, body: "" };
          answered = got;
          response.on("data", (chunk) => (got.body += chunk));
          response.on("end", () => resolve(got));
        },
      );
      // Once the server has answered it stops reading and closes, so a write still under way fails
      // (EPIPE) and may cut the answer's end: what arrived of the answer is what counts.
      request.on("error", (error) =>
        setTimeout(() => (answered?.body ? resolve(answered) : reject(error)), 1000),
      );
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n`);
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      let sent = 0;
      const pump = () => {
        while (sent < 12 && !answered) {
          sent++;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        request.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ ok: false, message: IMAGE_MESSAGES.tooLarge });
  });
});

describe("GET /media/*", () => {
  it("answers 404 for unknown keys and never walks out of the uploads directory", async () => {
    const { cookie } = await newOwner();
    const { body } = await upload(cookie, await smallJpeg());
    const unknown = body.key!.replace(/[a-z0-9]{20}\.webp$/, "aaaaaaaaaaaaaaaaaaaa.webp");
    for (const requestPath of [
      `/media/${unknown}`,
      "/media/../package.json",
      "/media/..%2f..%2fpackage.json",
      "/media/%2e%2e/%2e%2e/package.json",
      `/media/${body.key!.split("/").slice(0, 2).join("/")}/..%2f..%2f..%2fpostgres%2fPG_VERSION`,
      "/media/product-images/x/y.html",
      "/media/",
    ]) {
      const response = await rawGet(requestPath);
      expect(response.status, requestPath).toBe(404);
      expect(response.headers["content-type"], requestPath).not.toMatch(/image|json/);
      expect(response.body.toString(), requestPath).not.toMatch(/"name":\s*"tianguis"/);
    }
  });

  it("no longer serves an image once deleted", async () => {
    const { cookie } = await newOwner();
    const { body } = await upload(cookie, await smallJpeg());
    expect((await fetch(`${running.server.url}${body.urls!.full}`)).status).toBe(200);
    await rm(path.join(running.dataDir, "uploads", body.key!));
    expect((await fetch(`${running.server.url}${body.urls!.full}`)).status).toBe(404);
  });
});
