/**
 * /metrics stays bounded whatever visitors ask for: request series are labelled only with the
 * patterns the server serves, so random unknown paths all count under one label. A thousand
 * distinct paths (125 of each shape) would add a thousand series if a path reached a label; five
 * is the bound. Its own file and server, beside the rest of the security suite.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";

const { url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);
const base = () => running.server.url;

describe("metrics stay bounded", () => {
  const seriesOf = async () => {
    const text = await (await fetch(`${base()}/metrics`)).text();
    return text.split("\n").filter((line) => line.startsWith("tianguis_http_requests_total{"));
  };

  it("1,000 requests for distinct random unknown paths add at most 5 series", async () => {
    const before = await seriesOf();
    const random = () => randomBytes(6).toString("hex");
    const shapes = [
      () => `/i/${random()}`,
      () => `/i/${random()}/${random()}.data`,
      () => `/i/admin/${random()}`,
      () => `/${random()}/${random()}/${random()}`,
      () => `/s/${random()}/${random()}`,
      () => `/${random()}.php?${random()}=1`,
      () => `/assets/${random()}.js`,
      () => `/${random()}/p/${random()}/${random()}`,
    ];
    let sent = 0;
    const statuses = new Set<number>();
    const client = async () => {
      while (sent < 1_000) {
        const path = shapes[sent++ % shapes.length]!();
        const response = await fetch(`${base()}${path}`, { redirect: "manual" });
        await response.arrayBuffer();
        statuses.add(response.status);
      }
    };
    await Promise.all(Array.from({ length: 12 }, client));
    expect([...statuses].filter((status) => status >= 500)).toEqual([]);
    const after = await seriesOf();
    const added = after.filter((line) => !before.some((old) => old.split(" ")[0] === line.split(" ")[0]));
    expect(added.length, added.join("\n")).toBeLessThanOrEqual(5);
  }, 120_000);
});
