import { describe, expect, it } from "vitest";
import { acceptPushEndpoint, parsePushServiceHosts } from "./push-endpoint";

describe("push endpoints", () => {
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc:def", "fcm.googleapis.com"],
    ["https://updates.push.services.mozilla.com/wpush/v2/gAAA", "updates.push.services.mozilla.com"],
    ["https://push2.push.services.mozilla.com/wpush/v1/x", "push2.push.services.mozilla.com"],
    ["https://web.push.apple.com/QGuQ", "web.push.apple.com"],
    ["https://wns2-by3p.notify.windows.com/w/?token=BQYAAA", "wns2-by3p.notify.windows.com"],
    ["https://FCM.googleapis.com:443/fcm/send/x", "fcm.googleapis.com"],
  ])("accepts a browser's push service: %s", (endpoint, host) => {
    expect(acceptPushEndpoint(endpoint)).toEqual({ host, port: 443, listed: false });
  });

  it.each([
    "https://127.0.0.1/push/x",
    "https://127.0.0.1:8443/push/x",
    "https://[::1]/push/x",
    "https://[::ffff:127.0.0.1]/push/x",
    "https://2130706433/push/x",
    "https://0x7f.1/push/x",
    "https://10.0.0.1/push/x",
    "https://localhost/push/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "http://fcm.googleapis.com/fcm/send/x",
    "https://user:secreto@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilfcm.googleapis.com/x",
    "https://push.apple.com/x",
    "https://notify.windows.com.evil.example/x",
    "https://evil.example/push",
    "no es una dirección",
    "",
  ])("refuses anything else: %s", (endpoint) => {
    expect(acceptPushEndpoint(endpoint)).toBeNull();
  });

  it("accepts the operator's hosts on their own port, and only there", () => {
    const parsed = parsePushServiceHosts(" localhost:8443 , *.push.example.mx,push.example.org ");
    expect(parsed).toEqual({
      hosts: [
        { host: "localhost", subdomains: false, port: 8443, listed: true },
        { host: "push.example.mx", subdomains: true, port: 443, listed: true },
        { host: "push.example.org", subdomains: false, port: 443, listed: true },
      ],
    });
    const hosts = "hosts" in parsed ? parsed.hosts : [];
    expect(acceptPushEndpoint("https://localhost:8443/push/1", hosts)).toEqual({
      host: "localhost",
      port: 8443,
      listed: true,
    });
    expect(acceptPushEndpoint("https://localhost/push/1", hosts)).toBeNull();
    expect(acceptPushEndpoint("https://localhost:8444/push/1", hosts)).toBeNull();
    expect(acceptPushEndpoint("https://a.push.example.mx/x", hosts)?.listed).toBe(true);
    expect(acceptPushEndpoint("https://push.example.mx/x", hosts)).toBeNull();
    expect(acceptPushEndpoint("https://push.example.org/x", hosts)?.port).toBe(443);
  });

  it.each(["127.0.0.1:8443", "[::1]:443", "*.10.0.0.1", "*", "host:99999", "ho st", "a:b:c"])(
    "PUSH_SERVICE_HOSTS refuses an entry that is not a host name: %s",
    (entry) => {
      expect(parsePushServiceHosts(`fcm.example.com,${entry}`)).toEqual({ invalid: entry });
    },
  );

  it("an empty PUSH_SERVICE_HOSTS adds nothing", () => {
    expect(parsePushServiceHosts("")).toEqual({ hosts: [] });
    expect(parsePushServiceHosts(" , ")).toEqual({ hosts: [] });
  });
});

/** A host name of exactly `length` characters under `suffix`, in labels of at most 63 letters. */
function hostOfLength(length: number, suffix: string): string {
  const labels: string[] = [];
  let used = suffix.length;
  while (used < length) {
    const label = "a".repeat(Math.min(63, length - used - 1));
    labels.push(label);
    used += label.length + 1;
  }
  return [...labels, suffix].join(".");
}

describe("push endpoints: what counts as a host name", () => {
  it("takes a name of up to 253 characters, the longest a DNS name can be", () => {
    const longest = hostOfLength(253, "notify.windows.com");
    const tooLong = hostOfLength(254, "notify.windows.com");
    expect([longest.length, tooLong.length]).toEqual([253, 254]);
    expect(acceptPushEndpoint(`https://${longest}/w`)).toEqual({ host: longest, port: 443, listed: false });
    expect(acceptPushEndpoint(`https://${tooLong}/w`)).toBeNull();
    expect(parsePushServiceHosts(longest)).toEqual({
      hosts: [{ host: longest, subdomains: false, port: 443, listed: true }],
    });
    expect(parsePushServiceHosts(tooLong)).toEqual({ invalid: tooLong });
  });

  it("takes labels of one to 63 characters, and refuses one of 64 or an underscore", () => {
    expect(acceptPushEndpoint("https://a.b.notify.windows.com/w")?.host).toBe("a.b.notify.windows.com");
    expect(acceptPushEndpoint(`https://${"a".repeat(63)}.push.apple.com/x`)?.port).toBe(443);
    expect(acceptPushEndpoint(`https://${"a".repeat(64)}.push.apple.com/x`)).toBeNull();
    expect(acceptPushEndpoint("https://a_b.push.apple.com/x")).toBeNull();
  });

  it("a name whose labels are numbers is still a name, not an address", () => {
    expect(acceptPushEndpoint("https://1.2.3.4.push.apple.com/x")).toEqual({
      host: "1.2.3.4.push.apple.com",
      port: 443,
      listed: false,
    });
    const parsed = parsePushServiceHosts("10.ab.cd.mx:8443");
    expect(parsed).toEqual({ hosts: [{ host: "10.ab.cd.mx", subdomains: false, port: 8443, listed: true }] });
    const hosts = "hosts" in parsed ? parsed.hosts : [];
    expect(acceptPushEndpoint("https://10.ab.cd.mx:8443/push/1", hosts)?.listed).toBe(true);
  });

  it("refuses an endpoint carrying a user name or a password alone", () => {
    expect(acceptPushEndpoint("https://user@fcm.googleapis.com/fcm/send/x")).toBeNull();
    expect(acceptPushEndpoint("https://:secreto@fcm.googleapis.com/fcm/send/x")).toBeNull();
  });
});

describe("PUSH_SERVICE_HOSTS: ports and the entry it names", () => {
  it("takes ports 1 to 65535 and refuses 0 and 65536", () => {
    expect(parsePushServiceHosts("push.example.mx:1,push.example.org:65535")).toEqual({
      hosts: [
        { host: "push.example.mx", subdomains: false, port: 1, listed: true },
        { host: "push.example.org", subdomains: false, port: 65535, listed: true },
      ],
    });
    expect(parsePushServiceHosts("push.example.mx:0")).toEqual({ invalid: "push.example.mx:0" });
    expect(parsePushServiceHosts("push.example.mx:65536")).toEqual({ invalid: "push.example.mx:65536" });
  });

  it("names the refused entry without the spaces around it", () => {
    expect(parsePushServiceHosts("push.example.mx,  127.0.0.1 ,push.example.org")).toEqual({
      invalid: "127.0.0.1",
    });
  });
});
