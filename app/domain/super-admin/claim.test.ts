import { describe, expect, it } from "vitest";
import { claimStatusMessage } from "./claim";

describe("a claim link's page", () => {
  it("says why a link cannot be used", () => {
    expect(claimStatusMessage("unknown")).toBe(
      "Este enlace para reclamar una tienda no es válido. Revisa que lo copiaste completo.",
    );
    expect(claimStatusMessage("used")).toBe("Este enlace ya se usó: la tienda ya tiene dueño.");
    expect(claimStatusMessage("expired")).toBe(
      "Este enlace venció (duran 7 días). Pide uno nuevo a Tianguis.",
    );
  });
});
