import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, framedByOwnPages } from "./csp";
import { readEnv } from "./env.server";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("the Content-Security-Policy's images", () => {
  it("allows the S3 public URL's origin when S3_PUBLIC_URL is set, on React's pages and the plain ones", () => {
    const env = readEnv({ S3_PUBLIC_URL: "https://cdn.example.com/tianguis/media/" });
    expect(env.imageOrigins).toEqual(["https://cdn.example.com"]);
    for (const policy of [
      contentSecurityPolicy({ nonce: "abc", imageOrigins: env.imageOrigins }),
      contentSecurityPolicy({ imageOrigins: env.imageOrigins }),
    ]) {
      expect(directive(policy, "img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.example.com"]);
    }
  });

  it("keeps a port, and allows images from nowhere else without S3_PUBLIC_URL", () => {
    expect(readEnv({ S3_PUBLIC_URL: "http://127.0.0.1:9000/bucket" }).imageOrigins).toEqual([
      "http://127.0.0.1:9000",
    ]);
    const env = readEnv({});
    expect(env.imageOrigins).toEqual([]);
    expect(
      directive(contentSecurityPolicy({ nonce: "abc", imageOrigins: env.imageOrigins }), "img-src"),
    ).toEqual(["'self'", "data:", "blob:"]);
  });

  it("runs only our scripts and the request's nonce, or none at all without one", () => {
    expect(directive(contentSecurityPolicy({ nonce: "abc" }), "script-src")).toEqual([
      "'self'",
      "'nonce-abc'",
    ]);
    expect(directive(contentSecurityPolicy({}), "script-src")).toEqual(["'none'"]);
  });
});

describe("who may frame a page", () => {
  it("nobody, but our own pages the kitchen ticket, and only on the platform", () => {
    expect(framedByOwnPages("/i/admin/pedidos/AB12-CD34-EF56G/ticket", false)).toBe(true);
    for (const path of [
      "/i/admin",
      "/i/admin/pedidos/AB12-CD34-EF56G/ticket.data",
      "/i/admin/pedidos/AB12-CD34-EF56G/ticket/otra",
      "/i/admin/pedidos//ticket",
      "/x/i/admin/pedidos/AB12/ticket",
      "/i/admin/pedidos/a/b/ticket",
    ]) {
      expect(framedByOwnPages(path, false), path).toBe(false);
    }
    // A store's own domain serves no panel and no ticket.
    expect(framedByOwnPages("/i/admin/pedidos/AB12-CD34-EF56G/ticket", true)).toBe(false);
    expect(directive(contentSecurityPolicy({ nonce: "abc" }), "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(contentSecurityPolicy({}), "frame-ancestors")).toEqual(["'none'"]);
    expect(
      directive(contentSecurityPolicy({ nonce: "abc", framedByOwnPages: true }), "frame-ancestors"),
    ).toEqual(["'self'"]);
  });
});
