import { describe, expect, it } from "vitest";
import { describeDevice, notificationStatus } from "./notification-status";

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
});
