import { useEffect, useState } from "react";
import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { lastGoodData } from "~/components/forms/last-good-data";
import { StaleBanner } from "~/components/forms/stale-banner";
import { AdminHeaderBar } from "~/components/super-admin/header-bar";
import { CreateStorePanel } from "~/components/super-admin/create-store-panel";
import { RotateFeaturedPanel } from "~/components/super-admin/rotate-featured-panel";
import { StoreListPanel } from "~/components/super-admin/store-list-panel";
import { CustomDomainsPanel } from "~/components/super-admin/custom-domains-panel";
import { listCustomDomains } from "~/domain/domains/custom-domains.server";
import { EraseOrderPanel } from "~/components/super-admin/erase-order-panel";
import { requireAccess } from "~/lib/entry-access.server";
import { NO_PERMISSION_MESSAGE } from "~/domain/auth/roles";
import { listCities, listStoreCategories } from "~/domain/stores/store.server";
import { countOwnerlessStores, listOperatorStores } from "~/domain/super-admin/operator-stores.server";
import { parseStoreListFilter } from "~/domain/super-admin/store-list-filter";
import {
  runSuperAdminAction,
  type SuperAdminIntentName,
} from "~/domain/super-admin/super-admin-actions.server";
import type { Route } from "./+types/super-admin";

export const meta: Route.MetaFunction = () => [{ title: "Super administración · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAccess(request, context, "super-admin");
  const { db } = context.services;
  const filter = parseStoreListFilter(new URL(request.url).searchParams);
  const [list, ownerlessCount, categories, cities, domains] = await Promise.all([
    listOperatorStores(db, filter),
    countOwnerlessStores(db),
    listStoreCategories(db),
    listCities(db),
    listCustomDomains(db),
  ]);
  return {
    email: user.email,
    filter,
    stores: list.stores,
    next: list.next,
    ownerlessCount,
    domains,
    categories: categories.map((category) => ({ value: category.id, label: category.name })),
    cities: cities.map((city) => ({ value: city.id, label: city.name })),
  };
}

/** A form sent before the page hydrated arrives here as a document POST; the hydrated panel uses /i/super-admin/actions. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAccess(request, context, "super-admin");
  return runSuperAdminAction(request, context, user);
}

const superAdminData = lastGoodData<Awaited<ReturnType<typeof loader>>>();

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return superAdminData.load(serverLoader);
}

export default function SuperAdmin({ loaderData, actionData }: Route.ComponentProps) {
  superAdminData.remember(loaderData);
  // Marks the panel once React has hydrated it, for tests and tools that must wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const documentResult = (intent: SuperAdminIntentName) =>
    actionData?.intent === intent ? actionData : undefined;
  return (
    <>
      <AdminHeaderBar email={loaderData.email} />
      <main className="mx-auto max-w-4xl px-4 pt-6 pb-12" data-hydrated={hydrated || undefined}>
        <h1 className="text-2xl font-bold">Super administración</h1>
        <StaleBanner stale={"stale" in loaderData ? loaderData.stale : false} />
        <div className="mt-6 space-y-8">
          <RotateFeaturedPanel documentResult={documentResult("rotate-featured")} />
          <CreateStorePanel
            categories={loaderData.categories}
            cities={loaderData.cities}
            documentResult={documentResult("create-store")}
          />
          <StoreListPanel
            filter={loaderData.filter}
            stores={loaderData.stores}
            next={loaderData.next}
            ownerlessCount={loaderData.ownerlessCount}
          />
          <CustomDomainsPanel domains={loaderData.domains} />
          <EraseOrderPanel documentResult={documentResult("erase-order")} />
        </div>
      </main>
    </>
  );
}

/** Without the superadmin claim the panel says so, with a way to sign out. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 403) return <ErrorPage error={error} />;
  return (
    <>
      <AdminHeaderBar />
      <main className="mx-auto max-w-4xl px-4 pt-6 pb-12">
        <h1 className="text-2xl font-bold">Super administración</h1>
        <p
          role="alert"
          className="mt-4 rounded-xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200"
        >
          {NO_PERMISSION_MESSAGE}
        </p>
      </main>
    </>
  );
}
