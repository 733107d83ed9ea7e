import { describe, expect, it } from "vitest";
import { DOMAIN_MESSAGES } from "./custom-domain";
import { displayHostName, isApex, parseHostName } from "./host-name.server";

const PLATFORM = "tianguis.mx";
const parse = (input: string) => parseHostName(input, PLATFORM);

describe("parseHostName", () => {
  it.each([
    ["pedidos.panaderialaespiga.mx", "pedidos.panaderialaespiga.mx", false],
    ["panaderialaespiga.mx", "panaderialaespiga.mx", true],
    ["panaderialaespiga.com.mx", "panaderialaespiga.com.mx", true],
    ["tienda.panaderialaespiga.com.mx", "tienda.panaderialaespiga.com.mx", false],
    ["Pedidos.PanaderiaLaEspiga.MX", "pedidos.panaderialaespiga.mx", false],
    ["pedidos.panaderialaespiga.mx.", "pedidos.panaderialaespiga.mx", false],
    ["  pedidos.panaderialaespiga.mx  ", "pedidos.panaderialaespiga.mx", false],
    ["https://pedidos.panaderialaespiga.mx/", "pedidos.panaderialaespiga.mx", false],
    ["http://panaderialaespiga.mx", "panaderialaespiga.mx", true],
    ["mi-tienda-2.ejemplo.mx", "mi-tienda-2.ejemplo.mx", false],
  ])("accepts %j as %j (apex %s)", (input, host, apex) => {
    expect(parse(input)).toEqual({ ok: true, host, apex });
  });

  it("converts an IDN to punycode, whatever its case", () => {
    expect(parse("panadería.mx")).toEqual({ ok: true, host: "xn--panadera-i2a.mx", apex: true });
    expect(parse("Pedidos.PANADERÍA.mx.")).toEqual({
      ok: true,
      host: "pedidos.xn--panadera-i2a.mx",
      apex: false,
    });
    expect(parse("xn--panadera-i2a.mx")).toEqual({ ok: true, host: "xn--panadera-i2a.mx", apex: true });
    expect(displayHostName("pedidos.xn--panadera-i2a.mx")).toBe("pedidos.panadería.mx");
  });

  it.each([
    "1.2.3.4",
    "192.168.0.10.",
    "127.1",
    "0x7f.0.0.1",
    "１.２.３.４",
    "::1",
    "[2001:db8::1]",
    "2001:db8::1",
    "http://10.0.0.1/",
  ])("refuses the IP address %j", (input) => {
    expect(parse(input)).toEqual({ ok: false, message: DOMAIN_MESSAGES.ipAddress });
  });

  it.each(["tianguis.mx", "TIANGUIS.MX.", "www.tianguis.mx", "pedidos.tianguis.mx", "a.b.tianguis.mx"])(
    "refuses our own %j",
    (input) => {
      expect(parse(input)).toEqual({ ok: false, message: DOMAIN_MESSAGES.ours });
    },
  );

  it("refuses the siblings and parent of a platform that lives on a subdomain", () => {
    const onSubdomain = (input: string) => parseHostName(input, "app.tianguis.com.mx");
    expect(onSubdomain("tianguis.com.mx")).toEqual({ ok: false, message: DOMAIN_MESSAGES.ours });
    expect(onSubdomain("www.tianguis.com.mx")).toEqual({ ok: false, message: DOMAIN_MESSAGES.ours });
    expect(onSubdomain("tianguis.mx")).toMatchObject({ ok: true });
    expect(onSubdomain("otrotianguis.com.mx")).toMatchObject({ ok: true });
  });

  it.each([
    "localhost",
    "mx",
    "com.mx",
    "panaderia",
    "pedidos..panaderia.mx",
    "-pedidos.panaderia.mx",
    "pedidos-.panaderia.mx",
    "pedidos_ventas.panaderia.mx",
    "*.panaderia.mx",
    "panaderia.mx:8080",
    "panaderia.mx/tienda",
    "pedidos panaderia.mx",
    "dueño@panaderia.mx",
    `${"a".repeat(64)}.panaderia.mx`,
    `${"abcdefghi.".repeat(26)}mx`,
  ])("refuses %j as not a host name", (input) => {
    expect(parse(input)).toEqual({ ok: false, message: DOMAIN_MESSAGES.invalid });
  });

  it("asks for a name when nothing was typed", () => {
    expect(parse("   ")).toEqual({ ok: false, message: DOMAIN_MESSAGES.required });
  });
});

describe("isApex", () => {
  it("tells a registrable domain from a name under it", () => {
    expect(isApex("panaderia.mx")).toBe(true);
    expect(isApex("panaderia.com.mx")).toBe(true);
    expect(isApex("pedidos.panaderia.com.mx")).toBe(false);
  });
});
