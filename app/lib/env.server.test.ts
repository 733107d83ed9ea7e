import { describe, expect, it } from "vitest";
import { readEnv } from "./env.server";

describe("DATABASE_DIRECT_URL", () => {
  it("is read beside DATABASE_URL, and absent unless given", () => {
    const env = readEnv({
      DATABASE_URL: "postgres://tianguis@pgbouncer:6432/tianguis",
      DATABASE_DIRECT_URL: "postgres://tianguis@db:5432/tianguis",
    });
    expect(env.DATABASE_DIRECT_URL).toBe("postgres://tianguis@db:5432/tianguis");
    expect(
      readEnv({ DATABASE_URL: "postgres://tianguis@db:5432/tianguis" }).DATABASE_DIRECT_URL,
    ).toBeUndefined();
  });

  it("says DATABASE_URL keeps its sessions, for statements prepared by name, unless it is a pooler", () => {
    expect(readEnv({}).namedStatements).toBe(true);
    expect(readEnv({ DATABASE_URL: "postgres://tianguis@db:5432/tianguis" }).namedStatements).toBe(true);
    expect(
      readEnv({
        DATABASE_URL: "postgres://tianguis@pgbouncer:6432/tianguis",
        DATABASE_DIRECT_URL: "postgres://tianguis@db:5432/tianguis",
      }).namedStatements,
    ).toBe(false);
  });

  it("is refused without DATABASE_URL: the embedded database has no pooler in front", () => {
    expect(() => readEnv({ DATABASE_DIRECT_URL: "postgres://tianguis@db:5432/tianguis" })).toThrow(
      "DATABASE_DIRECT_URL: set it only together with DATABASE_URL",
    );
  });
});
