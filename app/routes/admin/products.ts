import { z } from "~/lib/zod";
import { requireAccess } from "~/lib/entry-access.server";
import { actorOf, withProductActivity } from "~/domain/team/activity.server";
import {
  addProduct,
  deleteProduct,
  setProductAvailability,
  updateProduct,
} from "~/domain/products/admin-products.server";
import { PRODUCT_MESSAGES, ProductFormSchema, productFormValues } from "~/domain/products/product-form";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import { data } from "react-router";
import type { Route } from "./+types/products";

const productId = z.string().min(1).max(40);
const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update"), productId }),
  z.object({ intent: z.literal("set-availability"), productId, available: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), productId }),
]);

/** POST /i/admin/products: every write of the products tab, by named intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-products");
  const { db } = context.services;
  const deps = { storage: context.services.storage, logger: context.logger };
  const formData = await request.formData();
  const intent = IntentSchema.safeParse(Object.fromEntries(formData));
  if (!intent.success) return data({ ok: false as const, message: PRODUCT_MESSAGES.failed }, 400);
  const form = ProductFormSchema.safeParse(productFormValues(formData));
  const needsForm = intent.data.intent === "create" || intent.data.intent === "update";
  if (needsForm && !form.success) {
    const errors = fieldErrors(form.error);
    return data(invalidForm(Object.values(errors)[0] ?? PRODUCT_MESSAGES.required, errors), 400);
  }
  const action = intent.data;
  // Product errors other than the rules' own messages are only logged; the owner sees
  // PRODUCT_MESSAGES.failed.
  const options = {
    logger: context.logger,
    fallback: PRODUCT_MESSAGES.failed,
    logLine: "product action failed",
  };
  // Each change writes its "Actividad" line in its own transaction (docs/decisions/033).
  const actor = actorOf(user);
  const product = (productId: string | null, edit = false) => ({ storeId: store.id, productId, edit });
  return answering(options, async () => {
    switch (action.intent) {
      case "create":
        await withProductActivity(db, actor, product(null), (tx) => addProduct(tx, store.id, form.data!));
        break;
      case "update":
        await withProductActivity(db, actor, product(action.productId, true), (tx) =>
          updateProduct(tx, store.id, action.productId, form.data!, deps),
        );
        break;
      case "set-availability":
        await withProductActivity(db, actor, product(action.productId), (tx) =>
          setProductAvailability(tx, store.id, action.productId, action.available === "true"),
        );
        break;
      case "delete":
        await withProductActivity(db, actor, product(action.productId), (tx) =>
          deleteProduct(tx, store.id, action.productId, deps),
        );
        break;
    }
    return { ok: true as const };
  });
}
