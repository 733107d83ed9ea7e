import { describe, expect, it } from "vitest";
import { doneBySentence } from "./done-by";

describe("who did what, as the order tabs say it", () => {
  it("names each recorded change in the order's own order", () => {
    expect(doneBySentence({ completed: "Ana", accepted: "Beto", paid: "Ana" })).toBe(
      "Aceptado por Beto · Pagado por Ana · Completada por Ana",
    );
    expect(doneBySentence({ cancelled: "Ciro" })).toBe("Cancelada por Ciro");
  });
  it("names who marked it ready and who took it out, between accepting and paying", () => {
    expect(doneBySentence({ paid: "Ana", on_the_way: "Ciro", ready: "Beto", accepted: "Ana" })).toBe(
      "Aceptado por Ana · Listo para recoger por Beto · En camino por Ciro · Pagado por Ana",
    );
  });
  it("says nothing when no name was recorded (the shopper's or the system's changes)", () => {
    expect(doneBySentence({})).toBe("");
    expect(doneBySentence({ placed: "Tienda" })).toBe("");
  });
});
