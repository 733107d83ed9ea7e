import { data } from "react-router";
import { AdminHeaderBar } from "~/components/super-admin/header-bar";
import { CreateStorePanel } from "~/components/super-admin/create-store-panel";
import { RotateFeaturedPanel } from "~/components/super-admin/rotate-featured-panel";
import { StoreListPanel } from "~/components/super-admin/store-list-panel";
import { requireSuperAdmin, requireUser } from "~/domain/auth/guards.server";
import { NO_PERMISSION_MESSAGE, SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { rotateFeaturedProducts } from "~/domain/directory/featured.server";
import { fieldErrors } from "~/domain/stores/signup-form";
import { listCities, listStoreCategories } from "~/domain/stores/store.server";
import {
  createUserlessStore,
  listOperatorStores,
  setStoreHidden,
  setStorePlan,
} from "~/domain/super-admin/operator-stores.server";
import {
  SUPER_ADMIN_INTENTS,
  SUPER_ADMIN_MESSAGES,
  SuperAdminIntentSchema,
  type SuperAdminIntent,
} from "~/domain/super-admin/super-admin-forms";
import { AppError } from "~/lib/errors";
import type { Route } from "./+types/super-admin";

export const meta: Route.MetaFunction = () => [{ title: "Super administración · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (user.role !== SUPERADMIN_ROLE)
    return data({ allowed: false as const, email: user.email }, { status: 403 });
  const { db } = context.services;
  const query = (new URL(request.url).searchParams.get("tienda") ?? "").slice(0, 100);
  const [stores, categories, cities] = await Promise.all([
    listOperatorStores(db, query),
    listStoreCategories(db),
    listCities(db),
  ]);
  return {
    allowed: true as const,
    email: user.email,
    query,
    stores,
    categories: categories.map((category) => ({ value: category.id, label: category.name })),
    cities: cities.map((city) => ({ value: city.id, label: city.name })),
  };
}

export type SuperAdminResult = {
  intent: SuperAdminIntent["intent"] | "unknown";
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  storeId?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSuperAdmin(request, context);
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
        errors: fieldErrors<string>(parsed.error) as Record<string, string>,
      },
      400,
    );
  }
  const intent = parsed.data;
  try {
    return await perform(intent, context);
  } catch (error) {
    const failure = failureMessage(intent.intent);
    if (error instanceof AppError) {
      const errors = error.field ? { [error.field]: error.message } : undefined;
      return reply(
        { intent: intent.intent, ok: false, message: error.field ? failure : error.message, errors },
        error.status,
      );
    }
    context.logger.error("super-admin action failed", { intent: intent.intent, error });
    return reply({ intent: intent.intent, ok: false, message: failure }, 500);
  }
}

async function perform(intent: SuperAdminIntent, context: Route.ActionArgs["context"]) {
  const { db } = context.services;
  switch (intent.intent) {
    case "rotate-featured": {
      const { featured } = await rotateFeaturedProducts(db);
      context.logger.info("featured products rotated", { by: "super-admin", featured });
      return reply({ intent: intent.intent, ok: true, message: SUPER_ADMIN_MESSAGES.rotated(featured) });
    }
    case "create-store": {
      const { storeId } = await createUserlessStore(db, intent);
      context.logger.info("userless store created", { storeId });
      return reply({
        intent: intent.intent,
        ok: true,
        message: SUPER_ADMIN_MESSAGES.created(storeId),
        storeId,
      });
    }
    case "set-visibility": {
      await setStoreHidden(db, intent.storeId, intent.hidden);
      const message = intent.hidden
        ? SUPER_ADMIN_MESSAGES.hidden(intent.storeId)
        : SUPER_ADMIN_MESSAGES.shown(intent.storeId);
      return reply({ intent: intent.intent, ok: true, message, storeId: intent.storeId });
    }
    case "set-plan": {
      await setStorePlan(db, intent);
      return reply({
        intent: intent.intent,
        ok: true,
        message: SUPER_ADMIN_MESSAGES.planSaved(intent.storeId),
        storeId: intent.storeId,
      });
    }
  }
}

function failureMessage(intent: SuperAdminIntent["intent"]) {
  switch (intent) {
    case "rotate-featured":
      return SUPER_ADMIN_MESSAGES.rotateFailed;
    case "create-store":
      return SUPER_ADMIN_MESSAGES.createFailed;
    case "set-visibility":
      return SUPER_ADMIN_MESSAGES.visibilityFailed;
    case "set-plan":
      return SUPER_ADMIN_MESSAGES.planFailed;
  }
}

function reply(result: SuperAdminResult, status = 200) {
  return data(result, { status });
}

export default function SuperAdmin({ loaderData, actionData }: Route.ComponentProps) {
  // A form sent before the page hydrated arrives as a document POST: its result is the route's.
  const documentResult = (intent: SuperAdminIntent["intent"]) =>
    actionData?.intent === intent ? actionData : undefined;
  return (
    <>
      <AdminHeaderBar email={loaderData.email} />
      <main className="mx-auto max-w-4xl px-4 pt-6 pb-12">
        <h1 className="text-2xl font-bold">Super administración</h1>
        {loaderData.allowed ? (
          <div className="mt-6 space-y-8">
            <RotateFeaturedPanel documentResult={documentResult("rotate-featured")} />
            <CreateStorePanel
              categories={loaderData.categories}
              cities={loaderData.cities}
              documentResult={documentResult("create-store")}
            />
            <StoreListPanel query={loaderData.query} stores={loaderData.stores} />
          </div>
        ) : (
          <p
            role="alert"
            className="mt-4 rounded-xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200"
          >
            {NO_PERMISSION_MESSAGE}
          </p>
        )}
      </main>
    </>
  );
}
