import { describe, expect, it } from "vitest";
import { parseSignatureHeader, signatureManifest } from "./signature";

describe("Mercado Pago's webhook signature", () => {
  it("signs the documented manifest, the payment id in lower case", () => {
    expect(signatureManifest("ABC123", "req-1", "1742505638")).toBe(
      "id:abc123;request-id:req-1;ts:1742505638;",
    );
  });

  it("reads ts and v1 from the header, in any order and with spaces", () => {
    const v1 = "a".repeat(64);
    expect(parseSignatureHeader(`ts=1742505638,v1=${v1}`)).toEqual({ ts: "1742505638", v1 });
    expect(parseSignatureHeader(`v1=${v1}, ts=1742505638`)).toEqual({ ts: "1742505638", v1 });
  });

  it.each([null, "", "ts=abc,v1=00", `ts=1,v1=${"z".repeat(64)}`, `v1=${"a".repeat(64)}`, "ts=1742505638"])(
    "refuses a header not of the documented shape: %s",
    (header) => {
      expect(parseSignatureHeader(header)).toBeNull();
    },
  );
});
