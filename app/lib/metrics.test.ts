import { describe, expect, it } from "vitest";
import { redactTokens, routePattern } from "./metrics.server";

describe("e-mailed tokens in logs and metrics", () => {
  it("never keeps a token in a logged path", () => {
    expect(redactTokens("/i/restablecer/abcDEF_123-x")).toBe("/i/restablecer/…");
    expect(redactTokens("/i/reclamar/abc.data?x=1")).toBe("/i/reclamar/….data?x=1");
    expect(redactTokens("/i/cuenta/correo/abc")).toBe("/i/cuenta/correo/…");
    expect(redactTokens("/i/cuenta/correo")).toBe("/i/cuenta/correo");
    expect(redactTokens("/panaderia?x=1")).toBe("/panaderia?x=1");
  });

  it("labels token pages by their pattern", () => {
    expect(routePattern("/i/restablecer/abcDEF_123")).toBe("/i/restablecer/:token");
    expect(routePattern("/i/reclamar/abc.data")).toBe("/i/reclamar/:token");
    expect(routePattern("/i/cuenta/correo/abc")).toBe("/i/cuenta/correo/:token");
    expect(routePattern("/i/cuenta")).toBe("/i/cuenta");
  });
});
