import { describe, expect, it } from "vitest";
import { checkedAddresses, isPublicAddress, OutboundRefused, pinnedLookup } from "./outbound.server";

describe("public addresses", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.0.0.1",
    "100.64.1.1",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "192.0.2.5",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "2001:db8::1",
    "2001::1",
    "2002:7f00:1::1",
    "no es una dirección",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "142.250.72.170",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2607:f8b0:4005:80a::200a",
    "2a02:26f0::1",
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("checked addresses", () => {
  const resolvingTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));

  it("refuses a name with any address that is not public, unless the operator named the host", async () => {
    await expect(
      checkedAddresses(resolvingTo("142.250.72.170", "10.0.0.1"), "fcm.googleapis.com"),
    ).rejects.toThrow(OutboundRefused);
    await expect(
      checkedAddresses(resolvingTo("10.0.0.1"), "push.interno", { anyAddress: true }),
    ).resolves.toEqual([{ address: "10.0.0.1", family: 4 }]);
    await expect(checkedAddresses(resolvingTo("142.250.72.170"), "fcm.googleapis.com")).resolves.toHaveLength(
      1,
    );
  });

  it("refuses an address written as numbers before asking anything", async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [];
    };
    await expect(checkedAddresses(resolve, "127.0.0.1", { anyAddress: true })).rejects.toThrow(
      OutboundRefused,
    );
    expect(asked).toEqual([]);
  });

  it("a name without addresses is an error to retry, not a refusal", async () => {
    const failure = await checkedAddresses(resolvingTo(), "fcm.googleapis.com").catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(OutboundRefused);
  });
});

describe("the pinned look-up", () => {
  const lookup = pinnedLookup([
    { address: "142.250.72.170", family: 4 },
    { address: "2607:f8b0:4005:80a::200a", family: 6 },
  ]);
  const ask = (options: { all?: boolean; family?: number }) =>
    new Promise<unknown[]>((resolve) =>
      lookup("otro-nombre.example", options as never, (...args: unknown[]) => resolve(args)),
    );

  it("answers with the checked addresses, whatever name it is asked", async () => {
    expect(await ask({ all: true })).toEqual([
      null,
      [
        { address: "142.250.72.170", family: 4 },
        { address: "2607:f8b0:4005:80a::200a", family: 6 },
      ],
    ]);
    expect(await ask({})).toEqual([null, "142.250.72.170", 4]);
    expect(await ask({ family: 6 })).toEqual([null, "2607:f8b0:4005:80a::200a", 6]);
  });
});
