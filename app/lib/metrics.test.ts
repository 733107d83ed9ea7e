import { describe, expect, it } from "vitest";
import client from "prom-client";
import { answerSeriesFor, httpDuration, httpRequests, recordAnswer, redactTokens } from "./metrics.server";

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

describe("the answers' metrics", () => {
  it("scrape as prom-client's own counter and histogram would, for the same answers", async () => {
    const reference = new client.Registry();
    const counter = new client.Counter({
      name: "tianguis_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers: [reference],
    });
    const histogram = new client.Histogram({
      name: "tianguis_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [reference],
    });
    const ours = new client.Registry();
    ours.registerMetric(httpRequests);
    ours.registerMetric(httpDuration);
    const answers = [
      [{ method: "GET", route: "/prueba-a", status: "200" }, 0.0004],
      [{ method: "GET", route: "/prueba-a", status: "200" }, 0.03],
      [{ method: "GET", route: "/prueba-a", status: "304" }, 12],
      [{ method: "POST", route: "/prueba-b", status: "503" }, 0.25],
    ] as const;
    for (const [labels, seconds] of answers) {
      recordAnswer(answerSeriesFor({ ...labels }), seconds);
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    const lines = async (registry: client.Registry) =>
      (await registry.metrics()).split("\n").filter((line) => line.includes("/prueba-"));
    expect(await lines(ours)).toEqual(await lines(reference));
    expect(await lines(ours)).toContain(
      'tianguis_http_request_duration_seconds_bucket{le="0.05",method="GET",route="/prueba-a",status="200"} 2',
    );
  });
});
