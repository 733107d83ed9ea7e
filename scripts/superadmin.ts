// `npm run superadmin -- <email>`: gives an existing account the superadmin role.
import { eq } from "drizzle-orm";
import { authUser } from "~/db/schema";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { withDatabase } from "./with-database";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Uso: npm run superadmin -- <correo>");
  process.exit(1);
}

let granted = false;
await withDatabase(async (db) => {
  const updated = await db
    .update(authUser)
    .set({ role: SUPERADMIN_ROLE })
    .where(eq(authUser.email, email))
    .returning({ id: authUser.id });
  granted = updated.length > 0;
});

if (!granted) {
  console.error(`No existe una cuenta con el correo ${email}.`);
  process.exit(1);
}
console.log(`${email} ahora es superadministrador.`);
