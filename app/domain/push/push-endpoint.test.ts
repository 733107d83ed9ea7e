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
