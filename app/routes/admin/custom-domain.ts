import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { DOMAIN_MESSAGES, DomainActionSchema, verifiedMessage } from "~/domain/domains/custom-domain";
import {
  findStoreDomain,
  removeCustomDomain,
  saveCustomDomain,
  verifyCustomDomain,
} from "~/domain/domains/custom-domains.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Executor } from "~/db/client.server";
import type { Route } from "./+types/custom-domain";

/**
 * POST /i/admin/custom-domain (docs/decisions/018): `intent=save` keeps the host name the owner typed,
 * `intent=verify` looks its DNS records up, `intent=remove` gives the domain up. Whatever changes
 * is forgotten by this instance's host cache at once (others follow within seconds).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-custom-domain");
  const actor = actorOf(user);
  const parsed = DomainActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data(invalidForm(DOMAIN_MESSAGES.invalid, fieldErrors(parsed.error)), 400);
  const { db, env, resolver, sites } = context.services;
  const owner = { id: store.id, tier: store.licence.tier };
  const input = parsed.data;
  const before = await findStoreDomain(db, store.id);
  const forget = (host?: string) => host !== undefined && sites.forget(host);
  const logger = context.logger;

  switch (input.intent) {
    case "save":
      return answering(
        { logger, fallback: DOMAIN_MESSAGES.failed, logLine: "custom domain save failed" },
        async () => {
          const platformHost = new URL(env.publicOrigin).hostname;
          const save = (tx: Executor) => saveCustomDomain(tx, owner, input.host, platformHost);
          const saved = await withActivity(db, actor, store.id, save, (row) =>
            row.host === before?.host ? null : { kind: "domain_saved", subject: row.host },
          );
          forget(before?.host);
          return { ok: true as const, message: DOMAIN_MESSAGES.saved, host: saved.host };
        },
      );
    case "verify":
      return answering(
        { logger, fallback: DOMAIN_MESSAGES.verifyFailed, logLine: "custom domain check failed" },
        async () => {
          try {
            const { address } = await verifyCustomDomain(db, owner, {
              resolver,
              publicOrigin: env.publicOrigin,
            });
            logger.info("custom domain verified", { storeId: store.id, host: before?.host });
            return { ok: true as const, message: verifiedMessage(address) };
          } finally {
            // A live domain that failed this check stops serving, one that passed starts: either way.
            forget(before?.host);
          }
        },
      );
    case "remove":
      return answering(
        { logger, fallback: DOMAIN_MESSAGES.failed, logLine: "custom domain removal failed" },
        async () => {
          await withActivity(
            db,
            actor,
            store.id,
            (tx) => removeCustomDomain(tx, store.id),
            () => (before ? { kind: "domain_removed", subject: before.host } : null),
          );
          forget(before?.host);
          return { ok: true as const, message: DOMAIN_MESSAGES.removed };
        },
      );
  }
}
