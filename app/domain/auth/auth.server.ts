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
import { CLIENT_IP_HEADER } from "./client-headers.server";

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
      // A reset ends every session of the account: whoever had the old password is out.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
    },
    // Reset and e-mail-change tokens are kept as SHA-256 hashes: a copy of the database holds no
    // working link (app/domain/auth/verification-tokens.server.ts writes them the same way).
    verification: { storeIdentifier: "hashed" },
    // Refreshed every 15 minutes of use, so "Sesiones activas" can say when each was last seen.
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 15 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      // The client's address as Express saw it (TRUST_PROXY applied), set by our own actions
      // (app/domain/auth/client-headers.server.ts); a header the browser sends is overwritten.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
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
