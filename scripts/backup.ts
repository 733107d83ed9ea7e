/**
 * `npm run backup [-- --out DIR]`: one timestamped archive of the database (embedded: a hot base
 * backup) and the uploaded images, with a SHA-256 manifest (app/domain/backup/backup.server.ts).
 */
import path from "node:path";
import { createBackup } from "~/domain/backup/backup.server";
import { readEnv } from "~/lib/env.server";

const env = readEnv();
const outIndex = process.argv.indexOf("--out");
const outDir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1]! : env.BACKUP_DIR);
try {
  const result = await createBackup({ dataDir: env.dataDir, outDir, external: Boolean(env.DATABASE_URL) });
  console.log(
    `Respaldo listo: ${result.archive} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${(result.ms / 1000).toFixed(1)} s)`,
  );
  if (result.database === "external") {
    console.log(
      "La base de datos es externa (DATABASE_URL): respáldala con pg_dump de su misma versión (README, «Respaldos»).",
    );
  }
} catch (error) {
  console.error(`No se pudo respaldar: ${(error as Error).message}`);
  process.exit(1);
}
