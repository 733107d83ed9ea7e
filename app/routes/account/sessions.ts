import { data } from "react-router";
import { z } from "~/lib/zod";
import { ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { endOtherSessions, endSession } from "~/domain/auth/account.server";
import { requireAccess } from "~/lib/entry-access.server";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/sessions";

const SessionCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), sessionId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("end-others") }),
]);

/** POST /i/cuenta/sesiones: "Cerrar esta sesión" (another device's) or "Cerrar todas las demás". */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = await requireAccess(request, context, "account-sessions");
  const parsed = SessionCommandSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: ACCOUNT_MESSAGES.sessionsFailed }, 400);
  const { db } = context.services;
  const command = parsed.data;
  return answering(
    { logger: context.logger, fallback: ACCOUNT_MESSAGES.sessionsFailed, logLine: "ending sessions failed" },
    async () => {
      if (command.intent === "end") {
        await endSession(db, user.id, command.sessionId);
        return { ok: true as const, message: ACCOUNT_MESSAGES.sessionClosed };
      }
      const count = await endOtherSessions(db, user.id, sessionId);
      return { ok: true as const, message: ACCOUNT_MESSAGES.otherSessionsClosed(count) };
    },
  );
}
