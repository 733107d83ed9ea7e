// `npm run db:seed`: creates the demo marketplace in an empty database.
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from "~/db/demo/demo-marketplace";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { createStorage } from "~/domain/images/configured-storage.server";
import { readEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { withDatabase } from "./with-database";

await withDatabase(async (db) => {
  // The demo's pictures go where the server will look for them (DATA_DIR/uploads or S3).
  const { seeded } = await seedDemoMarketplace(
    db,
    new Date(),
    createStorage(readEnv(), createLogger("warn")),
  );
  console.log(
    seeded
      ? `Mercado de demostración creado. Entra con ${DEMO_OWNER_EMAIL} / ${DEMO_PASSWORD}.`
      : "La base de datos ya tiene tiendas; no se agregó nada.",
  );
});
