import { describe, expect, it } from "vitest";
import { connectDatabase } from "~/db/client.server";
import { loadOrCreateSecret } from "~/domain/secrets/secrets.server";
import { createTestDatabase } from "../support/database";

const { db, url } = await createTestDatabase();

describe("a secret kept in the database", () => {
  it("is made once however many starts ask for it at the same time", async () => {
    const values = await Promise.all(Array.from({ length: 50 }, () => loadOrCreateSecret(db, "clave-a")));
    expect(new Set(values).size).toBe(1);
  });

  it("is read, not written, once stored: a start against a read-only server still gets it", async () => {
    const stored = await loadOrCreateSecret(db, "clave-b");
    // As a switchover's demoted primary answers: every transaction read-only.
    const readOnly = connectDatabase(
      `${url}?options=${encodeURIComponent("-c default_transaction_read_only=on")}`,
      {
        max: 1,
      },
    );
    try {
      expect(await loadOrCreateSecret(readOnly.db, "clave-b")).toBe(stored);
      await expect(loadOrCreateSecret(readOnly.db, "clave-nueva")).rejects.toThrow();
    } finally {
      await readOnly.close();
    }
  });
});
