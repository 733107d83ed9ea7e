// `npm run db:migrate`: applies pending migrations (the server also does this at start-up).
import { withDatabase } from "./with-database";

await withDatabase(async () => {
  console.log("Migraciones aplicadas.");
});
