import { describe, expect, it } from "vitest";
import { describeDevice, notificationStatus, STATUS_TEXT } from "./notification-status";

describe("the notifications status of a device", () => {
  it("is unsupported without the Push API, whatever else", () => {
    expect(notificationStatus({ supported: false, permission: "granted", subscribed: true })).toBe(
      "no-compatibles",
    );
  });
  it("is blocked when the browser denied permission", () => {
    expect(notificationStatus({ supported: true, permission: "denied", subscribed: null })).toBe(
      "bloqueadas",
    );
    expect(notificationStatus({ supported: true, permission: "denied", subscribed: true })).toBe(
      "bloqueadas",
    );
  });
  it("is unknown until the subscription has been checked", () => {
    expect(notificationStatus({ supported: true, permission: "granted", subscribed: null })).toBe(
      "desconocido",
    );
    expect(notificationStatus({ supported: true, permission: null, subscribed: false })).toBe("desconocido");
  });
  it("is enabled only with permission and a subscription", () => {
    expect(notificationStatus({ supported: true, permission: "granted", subscribed: true })).toBe(
      "activadas",
    );
    expect(notificationStatus({ supported: true, permission: "granted", subscribed: false })).toBe(
      "desactivadas",
    );
    expect(notificationStatus({ supported: true, permission: "default", subscribed: false })).toBe(
      "desactivadas",
    );
    // A subscription left from before the permission was reset does not notify.
    expect(notificationStatus({ supported: true, permission: "default", subscribed: true })).toBe(
      "desactivadas",
    );
  });
  it("names the device from its user agent", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome en Android");
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari en iPhone");
  });

  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge en Windows",
    ],
    ["Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0", "Firefox en Android"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36",
      "Samsung Internet en Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 CriOS/131.0 Mobile/15E148 Safari/604.1",
      "Chrome en iPhone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari en iPhone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15",
      "Safari en Mac",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36", "Chrome en Linux"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox en Linux"],
    ["curl/8.5.0", "Navegador en otro sistema"],
  ])("names %j as %j", (userAgent, name) => {
    expect(describeDevice(userAgent)).toBe(name);
  });

  it("every status has its own label and help for the owner", () => {
    const statuses = ["desconocido", "activadas", "desactivadas", "bloqueadas", "no-compatibles"] as const;
    const texts = statuses.map((status) => STATUS_TEXT[status]);
    for (const { label, help } of texts) {
      expect(label.length).toBeGreaterThan(5);
      expect(help.length).toBeGreaterThan(10);
    }
    expect(new Set(texts.map((text) => text.label)).size).toBe(statuses.length);
    expect(new Set(texts.map((text) => text.help)).size).toBe(statuses.length);
  });
});
