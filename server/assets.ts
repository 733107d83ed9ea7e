/**
 * The build's hashed files, sent as the build compressed them (scripts/compress-assets.mjs):
 * brotli or Zopfli's gzip when the browser takes them, so no byte is compressed per request and
 * the smallest file goes out. Everything else (a file without its compressed twins, a
 * browser that takes neither) is left to `express.static`.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { preferredEncoding } from "~/lib/page-cache/negotiation";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export function precompressedAssets(directory: string): RequestHandler {
  const files = existsSync(directory) ? new Set(readdirSync(directory)) : new Set<string>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = TYPES[path.extname(name)];
    if (!type || name.includes("/") || !files.has(name)) return next();
    const encoding = preferredEncoding(req.get("accept-encoding") ?? "");
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null;
    res.setHeader("Vary", "Accept-Encoding");
    if (!suffix || !files.has(`${name}${suffix}`)) return next();
    res.sendFile(`${name}${suffix}`, {
      root: directory,
      immutable: true,
      maxAge: "1y",
      headers: { "Content-Type": type, "Content-Encoding": encoding },
    });
  };
}
