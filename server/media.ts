/**
 * GET /media/<key>: the stored images. Only keys the server could have made are looked up (no
 * path ever reaches the disk from a URL); each answer is immutable WebP with `nosniff`.
 */
import type { NextFunction, Request, Response } from "express";
import { isServableKey } from "~/domain/images/image-keys";
import type { ImageStorage } from "~/domain/images/storage.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

export function mediaHandler(storage: ImageStorage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // The raw path, not decoded: server-made keys need no escapes, so "%2e%2e" is simply unknown.
    const key = req.path.replace(/^\//, "");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (!isServableKey(key)) return notFound(res);
    try {
      const publicUrl = storage.publicUrl(key);
      if (publicUrl) {
        res.setHeader("Cache-Control", IMMUTABLE);
        return res.redirect(301, publicUrl);
      }
      const object = await storage.get(key);
      if (!object) return notFound(res);
      res.status(200);
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Content-Length", String(object.body.length));
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.end(req.method === "HEAD" ? undefined : object.body);
    } catch (error) {
      next(error);
    }
  };
}

function notFound(res: Response) {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain; charset=utf-8").send("Imagen no encontrada.");
}
