import { describe, expect, it } from "vitest";
import { redactTokens } from "./metrics.server";

describe("e-mailed tokens in logs", () => {
  it("never keeps a token in a logged path", () => {
    expect(redactTokens("/i/restablecer/abcDEF_123-x")).toBe("/i/restablecer/…");
    expect(redactTokens("/i/reclamar/abc.data?x=1")).toBe("/i/reclamar/….data?x=1");
    expect(redactTokens("/i/cuenta/correo/abc")).toBe("/i/cuenta/correo/…");
    expect(redactTokens("/i/cuenta/correo")).toBe("/i/cuenta/correo");
    expect(redactTokens("/i/avisame/baja/abc_123")).toBe("/i/avisame/baja/…");
    expect(redactTokens("/panaderia?x=1")).toBe("/panaderia?x=1");
  });
});
