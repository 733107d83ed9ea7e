import { z } from "zod";
import { requireStoreOwner } from "~/domain/auth/guards.server";
import {
  addProduct,
  deleteProduct,
  setProductAvailability,
  updateProduct,
} from "~/domain/products/admin-products.server";
import { PRODUCT_MESSAGES, ProductFormSchema, productFormValues } from "~/domain/products/product-form";
import { actionError, actionFailure, actionOk } from "~/lib/action-result.server";
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
  const { store } = await requireStoreOwner(request, context);
  const { db } = context.services;
  const deps = { storage: context.services.storage, logger: context.logger };
  const formData = await request.formData();
  const intent = IntentSchema.safeParse(Object.fromEntries(formData));
  if (!intent.success) return actionFailure("Solicitud no válida.", 400);

  const readForm = () => ProductFormSchema.safeParse(productFormValues(formData));
  try {
    switch (intent.data.intent) {
      case "create": {
        const form = readForm();
        if (!form.success)
          return actionFailure(form.error.issues[0]?.message ?? PRODUCT_MESSAGES.required, 400);
        await addProduct(db, store.id, form.data);
        return actionOk();
      }
      case "update": {
        const form = readForm();
        if (!form.success)
          return actionFailure(form.error.issues[0]?.message ?? PRODUCT_MESSAGES.required, 400);
        await updateProduct(db, store.id, intent.data.productId, form.data, deps);
        return actionOk();
      }
      case "set-availability":
        await setProductAvailability(db, store.id, intent.data.productId, intent.data.available === "true");
        return actionOk();
      case "delete":
        await deleteProduct(db, store.id, intent.data.productId, deps);
        return actionOk();
    }
  } catch (error) {
    // Product errors other than the rules' own messages are only logged (spec §8).
    return actionError(
      error,
      context.logger,
      "No se pudo guardar el producto. Intenta de nuevo.",
      "product action failed",
    );
  }
}
