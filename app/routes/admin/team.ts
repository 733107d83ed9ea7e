import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { closeStreamsOf } from "~/domain/orders/stream-limits.server";
import { actorOf } from "~/domain/team/activity.server";
import { TEAM_MESSAGES, TeamActionSchema } from "~/domain/team/invitations";
import { inviteMember, resendInvitation, revokeInvitation } from "~/domain/team/invitations.server";
import { confirmIdentity } from "~/domain/auth/account.server";
import {
  changeMemberRole,
  listTeam,
  removeMember,
  transferOwnership,
} from "~/domain/team/members-admin.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/team";

/**
 * POST /i/admin/team: the Equipo tab's writes, the owner's only (docs/decisions/033): invite by
 * e-mail with a role, send an invitation again, revoke it, change a member's role, remove a member
 * (which ends their sessions and their open order streams), or hand the store to a member (the
 * owner's password asked; the owner stays as an encargado).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store, signedInAt } = await requireAccess(request, context, "admin-team");
  const parsed = TeamActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(invalidForm(Object.values(errors)[0] ?? TEAM_MESSAGES.failed, errors), 400);
  }
  const { db, env } = context.services;
  const options = { logger: context.logger, fallback: TEAM_MESSAGES.failed, logLine: "team change failed" };
  const command = parsed.data;
  const actor = actorOf(user);
  return answering(options, async () => {
    switch (command.intent) {
      case "invite":
        await inviteMember(db, {
          storeId: store.id,
          email: command.email,
          role: command.role,
          actor,
          origin: env.publicOrigin,
        });
        return { ok: true as const, message: TEAM_MESSAGES.invited(command.email) };
      case "resend": {
        const { email } = await resendInvitation(db, {
          storeId: store.id,
          id: command.id,
          origin: env.publicOrigin,
          actor,
        });
        return { ok: true as const, message: TEAM_MESSAGES.resent(email) };
      }
      case "revoke":
        await revokeInvitation(db, { storeId: store.id, id: command.id, actor });
        return { ok: true as const, message: TEAM_MESSAGES.revokedDone };
      case "role":
        await changeMemberRole(db, actor, { storeId: store.id, userId: command.userId, role: command.role });
        return { ok: true as const, message: TEAM_MESSAGES.roleChanged };
      case "remove":
        await removeMember(db, actor, { storeId: store.id, userId: command.userId });
        // This instance's streams close now; other instances' on their next membership check.
        closeStreamsOf(command.userId);
        context.logger.info("team member removed", { storeId: store.id, userId: command.userId });
        return { ok: true as const, message: TEAM_MESSAGES.removed };
      case "transfer": {
        const caller = { email: user.email, ip: context.clientIp, headers: request.headers, signedInAt };
        await confirmIdentity(context.services, caller, command.currentPassword);
        await transferOwnership(db, actor, {
          storeId: store.id,
          fromUserId: user.id,
          toUserId: command.userId,
        });
        const [next] = (await listTeam(db, store.id)).filter((person) => person.role === "owner");
        context.logger.info("store handed to a member", { storeId: store.id, userId: command.userId });
        return { ok: true as const, message: TEAM_MESSAGES.transferred(next?.name ?? "") };
      }
    }
  });
}
