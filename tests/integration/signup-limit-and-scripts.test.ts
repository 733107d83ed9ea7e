import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner } from "~/db/factories.server";
import { authUser } from "~/db/schema";
import { createTestDatabase } from "../support/database";
import { ROOT, startServerProcess } from "../support/server-process";

const { db, url } = await createTestDatabase();

describe("sign-ups per address", () => {
  const server = startServerProcess({
    env: {
      DATABASE_URL: url,
      DEMO_DATA: "false",
      SIGNUP_LIMIT_PER_HOUR: "2",
      DATA_DIR: "/tmp/tianguis-unused",
    },
  });
  afterAll(async () => (await server).stop());

  it("are limited: past the limit the form answers 429 in Spanish and creates nothing", async () => {
    const { url: baseUrl } = await server;
    const signUp = (storeId: string) =>
      fetch(`${baseUrl}/i/signup`, {
        method: "POST",
        body: new URLSearchParams({
          displayName: storeId,
          storeId,
          storeCategory: "beauty",
          email: `${storeId}@example.com`,
          password: "contraseña-segura",
        }),
      });
    expect((await signUp("limite-uno")).status).toBe(200);
    expect((await signUp("limite-dos")).status).toBe(200);
    const third = await signUp("limite-tres");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await third.text()).toContain(
      "Demasiados registros desde esta conexión. Intenta de nuevo más tarde.",
    );
    const created = await db.select().from(authUser).where(eq(authUser.email, "limite-tres@example.com"));
    expect(created).toHaveLength(0);
  });
});

describe("npm run superadmin", () => {
  it("gives an existing account the superadmin role", async () => {
    const owner = await createOwner(db, { email: "operadora@example.com", passwordHash: "x" });
    const result = spawnSync("npm", ["run", "--silent", "superadmin", "--", "Operadora@Example.com"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("operadora@example.com ahora es superadministrador.");
    const [user] = await db.select().from(authUser).where(eq(authUser.id, owner.id));
    expect(user!.role).toBe("superadmin");
  });

  it("says so when there is no such account", () => {
    const result = spawnSync("npm", ["run", "--silent", "superadmin", "--", "nadie@example.com"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("No existe una cuenta con el correo nadie@example.com.");
  });
});
