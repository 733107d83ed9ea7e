/** The default image storage: files under `DATA_DIR/uploads`, written atomically. */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomId } from "~/lib/ids";
import { assertSafeKey, type ImageStorage } from "./storage.server";

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp" };

export function createLocalStorage(root: string): ImageStorage {
  const base = path.resolve(root);

  function fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(base, key);
    // Belt and braces: whatever the key, the file stays under the uploads directory.
    if (!file.startsWith(base + path.sep))
      throw new Error(`Storage key escapes the root: ${JSON.stringify(key)}`);
    return file;
  }

  return {
    driver: "local",
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A reader never sees half a file: write beside it, then rename over.
      const temporary = `${file}.${randomId(8)}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileFor(key);
      try {
        const body = await readFile(file);
        return { body, contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream" };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    publicUrl: () => null,
  };
}
