import { teamSizeLimit } from "~/domain/stores/licence";
import { listInvitations } from "~/domain/team/invitations.server";
import { listActivity } from "~/domain/team/activity.server";
import { listTeam } from "~/domain/team/members-admin.server";
import type { TabContext } from "./context";

/** Equipo (the owner's): the people, the invitations not used nor revoked, the plan's team size and 90 days of who did what. */
export async function load({ db, store }: TabContext) {
  const [people, invitations, activity] = await Promise.all([
    listTeam(db, store.id),
    listInvitations(db, store.id),
    listActivity(db, store.id),
  ]);
  const now = Date.now();
  return {
    tab: "equipo",
    people,
    invitations: invitations.map((invitation) => ({
      ...invitation,
      expiresAt: invitation.expiresAt.toISOString(),
      expired: invitation.expiresAt.getTime() <= now,
    })),
    activity: activity.map((line) => ({ ...line, createdAt: line.createdAt.toISOString() })),
    limit: teamSizeLimit(store.licence.tier),
    tier: store.licence.tier,
  } as const;
}
