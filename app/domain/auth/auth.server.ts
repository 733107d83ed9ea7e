import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import type { Database } from "~/db/client.server";
import { authAccount, authSession, authUser, authVerification } from "~/db/schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { SUPERADMIN_ROLE } from "./roles";

const accessControl = createAccessControl(defaultStatements);

/**
 * better-auth, used from our own route actions (never mounted as an HTTP API): sessions in the
 * database, e-mail and password with our scrypt hashing, and the admin plugin's roles.
 * Throttling lives in app/domain/auth/login.server.ts, shared by every instance.
 */
export function createAuth({
  db,
  secret,
  publicOrigin,
}: {
  db: Database;
  secret: string;
  publicOrigin: string;
}) {
  return betterAuth({
    appName: "Tianguis",
    baseURL: publicOrigin,
    secret,
    telemetry: { enabled: false },
    // A wrong password is an expected outcome, logged by us with the request id, not a warning.
    logger: { level: "error" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "tianguis",
      useSecureCookies: publicOrigin.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      admin({
        ac: accessControl,
        roles: { user: userAc, admin: adminAc, [SUPERADMIN_ROLE]: adminAc },
        adminRoles: [SUPERADMIN_ROLE],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
