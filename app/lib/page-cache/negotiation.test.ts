import { describe, expect, it } from "vitest";
import { matchesEtag, preferredEncoding } from "./negotiation";

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", null],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity", null],
    ["", null],
    ["GZIP", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it.each([
    ["gzip, deflate, br, zstd", "gzip"],
    ["br", null],
    ["*", "gzip"],
  ])("a page kept in gzip only: %j → %s", (header, expected) => {
    expect(preferredEncoding(header, { brotli: false })).toBe(expected);
  });
});

describe("matchesEtag", () => {
  const etag = 'W/"abc123"';
  it.each([
    [undefined, false],
    ['W/"abc123"', true],
    ['"abc123"', true],
    ['"other", W/"abc123"', true],
    ["*", true],
    ['W/"abc1234"', false],
    ['"other"', false],
  ])("If-None-Match %j → %s", (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
