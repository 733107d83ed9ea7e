// `npm run db:seed`: creates the demo marketplace in an empty database.
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from "~/db/demo/demo-marketplace";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { withDatabase } from "./with-database";

await withDatabase(async (db) => {
  const { seeded } = await seedDemoMarketplace(db);
  console.log(
    seeded
      ? `Mercado de demostración creado. Entra con ${DEMO_OWNER_EMAIL} / ${DEMO_PASSWORD}.`
      : "La base de datos ya tiene tiendas; no se agregó nada.",
  );
});
