import { describe, expect, it } from "vitest";
import { maskEmail } from "~/domain/mail/mail-text";
import {
  actorDisplayName,
  INVITATION_DAYS,
  invitationExpiresAt,
  invitationStatus,
  invitationPath,
  invitationStatusMessage,
  isInvitedEmail,
  roleLabel,
  TEAM_ENDPOINT,
  TEAM_MESSAGES,
  TeamActionSchema,
} from "./invitations";

const sent = new Date("2026-11-26T12:00:00Z");
const DAY = 86_400_000;
const pending = { acceptedAt: null, revokedAt: null, expiresAt: invitationExpiresAt(sent) };

describe("an invitation's address", () => {
  it("is matched trimmed and in any case, and only whole", () => {
    expect(isInvitedEmail("ana@correo.mx", "  Ana@Correo.MX ")).toBe(true);
    expect(isInvitedEmail("ana@correo.mx", "ana@correo.mx.evil")).toBe(false);
    expect(isInvitedEmail("ana@correo.mx", "bana@correo.mx")).toBe(false);
  });
  it("is named to another account masked: its first letter and its domain", () => {
    expect(maskEmail("Ana.Garcia@Correo.mx")).toBe("a•••@correo.mx");
    expect(maskEmail("a@correo.mx")).toBe("a•••@correo.mx");
    expect(TEAM_MESSAGES.wrongAccount(maskEmail("ana@correo.mx"))).toBe(
      "Esta invitación es para a•••@correo.mx. Cierra sesión y entra con esa cuenta para aceptarla.",
    );
  });
});

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

describe("the Equipo tab's other forms", () => {
  const refusal = (form: Record<string, unknown>) =>
    TeamActionSchema.safeParse(form).error?.issues[0]?.message;

  it("refuses a role other than encargado or cajero in its own words", () => {
    expect(refusal({ intent: "invite", email: "ana@example.com", role: "owner" })).toBe(
      TEAM_MESSAGES.invalidRole,
    );
    expect(refusal({ intent: "role", userId: "u1", role: "dueño" })).toBe(TEAM_MESSAGES.invalidRole);
  });

  it("resends, revokes and changes a role by the invitation's number or the member's id", () => {
    expect(TeamActionSchema.parse({ intent: "resend", id: "3" })).toEqual({ intent: "resend", id: 3 });
    expect(TeamActionSchema.parse({ intent: "role", userId: "u1", role: "encargado" })).toEqual({
      intent: "role",
      userId: "u1",
      role: "encargado",
    });
    expect(TeamActionSchema.parse({ intent: "remove", userId: "u1" })).toEqual({
      intent: "remove",
      userId: "u1",
    });
    for (const id of ["0", "-1", "1.5"])
      expect(TeamActionSchema.safeParse({ intent: "revoke", id }).success).toBe(false);
  });

  it("takes a member's id of 1 to 64 characters", () => {
    const id64 = "u".repeat(64);
    expect(TeamActionSchema.parse({ intent: "role", userId: id64, role: "cajero" })).toMatchObject({
      userId: id64,
    });
    expect(TeamActionSchema.parse({ intent: "remove", userId: id64 })).toMatchObject({ userId: id64 });
    for (const userId of ["", "u".repeat(65)]) {
      expect(TeamActionSchema.safeParse({ intent: "role", userId, role: "cajero" }).success).toBe(false);
      expect(TeamActionSchema.safeParse({ intent: "remove", userId }).success).toBe(false);
      expect(
        TeamActionSchema.safeParse({ intent: "transfer", userId, currentPassword: "secreta" }).success,
      ).toBe(false);
    }
  });

  it("transfers the store to a member with the owner's password, up to 1024 characters", () => {
    expect(TeamActionSchema.parse({ intent: "transfer", userId: "u1", currentPassword: "secreta" })).toEqual({
      intent: "transfer",
      userId: "u1",
      currentPassword: "secreta",
    });
    const long = "p".repeat(1024);
    expect(
      TeamActionSchema.parse({ intent: "transfer", userId: "u".repeat(64), currentPassword: long }),
    ).toMatchObject({ currentPassword: long });
    for (const currentPassword of ["", "p".repeat(1025)])
      expect(refusal({ intent: "transfer", userId: "u1", currentPassword })).toBe(
        TEAM_MESSAGES.passwordRequired,
      );
  });

  it("refuses an intent it does not know", () => {
    expect(TeamActionSchema.safeParse({ intent: "", userId: "u1" }).success).toBe(false);
  });
});

describe("who did it, named in a few letters", () => {
  it("skips the spaces before the name and keeps at most 40 letters", () => {
    expect(actorDisplayName("  Ana López", "ana@example.com")).toBe("Ana");
    expect(actorDisplayName("a".repeat(50), "ana@example.com")).toBe("a".repeat(40));
  });

  it("takes the e-mail's name when the member's name is the e-mail, whatever its spaces and capitals", () => {
    expect(actorDisplayName(" Beto@Example.com ", "beto@example.com")).toBe("beto");
  });

  it("names the roles and the links as the panel shows them", () => {
    expect(roleLabel("owner")).toBe("Dueño");
    expect(roleLabel("cajero")).toBe("Cajero");
    expect(TEAM_ENDPOINT).toBe("/i/admin/team");
    expect(invitationPath("abc123")).toBe("/i/invitacion/abc123");
  });
});
