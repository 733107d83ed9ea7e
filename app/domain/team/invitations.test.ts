import { describe, expect, it } from "vitest";
import {
  actorDisplayName,
  INVITATION_DAYS,
  invitationExpiresAt,
  invitationStatus,
  invitationStatusMessage,
  TEAM_MESSAGES,
  TeamActionSchema,
} from "./invitations";

const sent = new Date("2026-11-26T12:00:00Z");
const DAY = 86_400_000;
const pending = { acceptedAt: null, revokedAt: null, expiresAt: invitationExpiresAt(sent) };

describe("an invitation's link", () => {
  it("lasts exactly seven days from when it was sent", () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(invitationExpiresAt(sent).getTime() - sent.getTime()).toBe(7 * DAY);
  });
  it("is valid until its last millisecond and expired from then on", () => {
    expect(invitationStatus(pending, new Date(sent.getTime() + 7 * DAY - 1))).toBe("valid");
    expect(invitationStatus(pending, new Date(sent.getTime() + 7 * DAY))).toBe("expired");
    expect(invitationStatus(pending, new Date(sent.getTime() + 30 * DAY))).toBe("expired");
  });
  it("says used once accepted, even after it expired or was revoked", () => {
    const used = { ...pending, acceptedAt: sent, revokedAt: sent };
    expect(invitationStatus(used, sent)).toBe("used");
    expect(invitationStatus(used, new Date(sent.getTime() + 8 * DAY))).toBe("used");
  });
  it("says revoked before expired", () => {
    const revoked = { ...pending, revokedAt: sent };
    expect(invitationStatus(revoked, sent)).toBe("revoked");
    expect(invitationStatus(revoked, new Date(sent.getTime() + 8 * DAY))).toBe("revoked");
  });
  it("is unknown without a row", () => {
    expect(invitationStatus(undefined, sent)).toBe("unknown");
  });
  it("answers each state in Spanish", () => {
    expect(invitationStatusMessage("used")).toBe(TEAM_MESSAGES.used);
    expect(invitationStatusMessage("expired")).toContain("venció");
    expect(invitationStatusMessage("revoked")).toContain("canceló");
    expect(invitationStatusMessage("unknown")).toContain("no es válida");
  });
  it("says the plan's limit with the owner counted", () => {
    expect(TEAM_MESSAGES.teamFull("starter")).toBe(
      "El plan Emprendedor es para una sola persona. Cambia de plan para sumar a tu equipo.",
    );
    expect(TEAM_MESSAGES.teamFull("basic")).toContain("hasta 3 personas contando al dueño");
    expect(TEAM_MESSAGES.teamFull("premier")).toContain("hasta 10 personas");
  });
});

describe("the Equipo tab's forms", () => {
  it("invites an e-mail with a member's role only", () => {
    expect(TeamActionSchema.parse({ intent: "invite", email: " Ana@Example.com ", role: "cajero" })).toEqual({
      intent: "invite",
      email: "ana@example.com",
      role: "cajero",
    });
    expect(
      TeamActionSchema.safeParse({ intent: "invite", email: "ana@example.com", role: "owner" }).success,
    ).toBe(false);
    const bad = TeamActionSchema.safeParse({ intent: "invite", email: "ana", role: "cajero" });
    expect(bad.error?.issues[0]?.message).toBe(TEAM_MESSAGES.invalidEmail);
  });
  it("names invitations by number and members by id", () => {
    expect(TeamActionSchema.parse({ intent: "revoke", id: "12" })).toEqual({ intent: "revoke", id: 12 });
    expect(TeamActionSchema.safeParse({ intent: "resend", id: "x" }).success).toBe(false);
    expect(TeamActionSchema.safeParse({ intent: "remove", userId: "" }).success).toBe(false);
  });
});

describe("who did it", () => {
  it("is the first word of the member's name, or of the e-mail before the @ when there is no name", () => {
    expect(actorDisplayName("Ana López", "ana@example.com")).toBe("Ana");
    expect(actorDisplayName("beto@example.com", "beto@example.com")).toBe("beto");
    expect(actorDisplayName("  ", "ciro.p@example.com")).toBe("ciro.p");
  });
});
