import { data, type AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/auth/guards.server";
import { rotateFeaturedProducts } from "~/domain/directory/featured.server";
import { fieldErrors } from "~/lib/form-result";
import { toErrorResponse } from "~/lib/http-errors.server";
import { createUserlessStore, setStoreHidden, setStorePlan } from "./operator-stores.server";
import { CLAIM_MESSAGES } from "./claim";
import { createClaimLink } from "./claim.server";
import { CLOSE_STORE_MESSAGES } from "~/domain/stores/close-store";
import {
  eraseShopperData,
  previewShopperData,
  type ShopperDataPreview,
} from "~/domain/stores/close-store.server";
import {
  SUPER_ADMIN_INTENTS,
  SUPER_ADMIN_MESSAGES,
  SuperAdminIntentSchema,
  type SuperAdminIntent,
} from "./super-admin-forms";

export type SuperAdminIntentName = SuperAdminIntent["intent"];
/** The one form-result shape, naming the intent it answers and, where there is one, the store. */
export type SuperAdminResult =
  | {
      ok: true;
      intent: SuperAdminIntentName;
      message: string;
      storeId?: string;
      /** A new claim link, shown once to copy. */
      claim?: { url: string; expiresAt: string };
      /** What erasing a shopper's data would blank, to confirm before it is done. */
      erasePreview?: { orderNumber: string; orders: ShopperDataPreview[] };
    }
  | {
      ok: false;
      intent: SuperAdminIntentName | "unknown";
      message: string;
      fieldErrors?: Record<string, string>;
    };

/**
 * Every super-admin action, for the page's own action (a form sent before the page hydrated)
 * and for its JSON endpoint (the hydrated panel's fetch): parse, act, answer, for the super-admin
 * each route's guard gave.
 */
export async function runSuperAdminAction(request: Request, context: AppLoadContext, user: CurrentUser) {
  const values = Object.fromEntries(await request.formData());
  const parsed = SuperAdminIntentSchema.safeParse(values);
  if (!parsed.success) {
    const intent = SUPER_ADMIN_INTENTS.find((name) => name === values.intent);
    if (!intent)
      return reply({ intent: "unknown", ok: false, message: SUPER_ADMIN_MESSAGES.unknownIntent }, 400);
    return reply(
      {
        intent,
        ok: false,
        message: failureMessage(intent),
        fieldErrors: fieldErrors(parsed.error) as Record<string, string>,
      },
      400,
    );
  }
  const intent = parsed.data;
  try {
    return reply(await perform(intent, user, context));
  } catch (error) {
    const answer = toErrorResponse(error, {
      logger: context.logger,
      fallback: failureMessage(intent.intent),
      logLine: "super-admin action failed",
      logData: { intent: intent.intent },
    });
    // A refused field keeps its message by the field; the panel says the form's fixed failure sentence.
    const failure = answer.data as { message: string; fieldErrors?: Record<string, string> };
    const message = failure.fieldErrors ? failureMessage(intent.intent) : failure.message;
    return reply({ ...failure, ok: false, intent: intent.intent, message }, answer.init?.status ?? 500);
  }
}

async function perform(
  intent: SuperAdminIntent,
  user: CurrentUser,
  context: AppLoadContext,
): Promise<SuperAdminResult> {
  const { db } = context.services;
  switch (intent.intent) {
    case "rotate-featured": {
      const { featured } = await rotateFeaturedProducts(db);
      context.logger.info("featured products rotated", { by: "super-admin", featured });
      return { intent: intent.intent, ok: true, message: SUPER_ADMIN_MESSAGES.rotated(featured) };
    }
    case "create-store": {
      const { storeId } = await createUserlessStore(db, intent);
      context.logger.info("userless store created", { storeId });
      return { intent: intent.intent, ok: true, message: SUPER_ADMIN_MESSAGES.created(storeId), storeId };
    }
    case "set-visibility": {
      await setStoreHidden(db, intent.storeId, intent.hidden);
      const message = intent.hidden
        ? SUPER_ADMIN_MESSAGES.hidden(intent.storeId)
        : SUPER_ADMIN_MESSAGES.shown(intent.storeId);
      return { intent: intent.intent, ok: true, message, storeId: intent.storeId };
    }
    case "set-plan": {
      await setStorePlan(db, intent);
      const message = SUPER_ADMIN_MESSAGES.planSaved(intent.storeId);
      return { intent: intent.intent, ok: true, message, storeId: intent.storeId };
    }
    case "create-claim-link": {
      const { url, expiresAt } = await createClaimLink(db, {
        storeId: intent.storeId,
        createdBy: user.id,
        email: intent.email || undefined,
        origin: context.services.env.publicOrigin,
      });
      context.logger.info("claim link created", { storeId: intent.storeId, emailed: intent.email !== "" });
      const message = intent.email ? CLAIM_MESSAGES.linkSent(intent.email) : CLAIM_MESSAGES.linkCreated;
      return {
        intent: intent.intent,
        ok: true,
        message,
        storeId: intent.storeId,
        claim: { url, expiresAt: expiresAt.toISOString() },
      };
    }
    case "erase-order": {
      if (!intent.confirmed) {
        const found = await previewShopperData(db, intent.orderNumber);
        return {
          intent: intent.intent,
          ok: true,
          message: CLOSE_STORE_MESSAGES.erasePreview(intent.orderNumber),
          erasePreview: { orderNumber: intent.orderNumber, orders: found },
        };
      }
      const storeIds = await eraseShopperData(db, intent.orderNumber);
      context.logger.info("shopper's data erased", { order: intent.orderNumber, stores: storeIds });
      return {
        intent: intent.intent,
        ok: true,
        message: CLOSE_STORE_MESSAGES.erased(intent.orderNumber, storeIds),
      };
    }
  }
}

export function failureMessage(intent: SuperAdminIntentName) {
  switch (intent) {
    case "rotate-featured":
      return SUPER_ADMIN_MESSAGES.rotateFailed;
    case "create-store":
      return SUPER_ADMIN_MESSAGES.createFailed;
    case "set-visibility":
      return SUPER_ADMIN_MESSAGES.visibilityFailed;
    case "set-plan":
      return SUPER_ADMIN_MESSAGES.planFailed;
    case "create-claim-link":
      return CLAIM_MESSAGES.linkFailed;
    case "erase-order":
      return CLOSE_STORE_MESSAGES.eraseFailed;
  }
}

function reply(result: SuperAdminResult, status = 200) {
  return data(result, { status });
}
