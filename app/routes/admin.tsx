import { AdminHeader } from "~/components/admin-header";
import { requireUser } from "~/domain/auth/guards.server";
import { loadAdminSummary } from "~/domain/stores/admin-summary.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Panel de Administración · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const store = await loadAdminSummary(context.services.db, {
    userId: user.id,
    publicOrigin: context.services.env.publicOrigin,
    logger: context.logger,
  });
  return { email: user.email, store };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { email, store } = loaderData;
  return (
    <>
      <AdminHeader
        storeName={store?.displayName ?? "Tienda"}
        logoUrl={null}
        tier={store?.licence.tier ?? "starter"}
        trial={store?.licence.trial ?? false}
        email={email}
      />
      <main className="mx-auto max-w-5xl px-4 pt-20 pb-10">
        <h1 className="text-2xl font-bold">Panel de Administración</h1>
        <div role="status" className="mt-4 rounded-xl bg-blue-50 p-4 text-blue-900 ring-1 ring-blue-200">
          {store ? (
            <p>
              Tu tienda está en{" "}
              <a href={`/${store.id}`} className="font-semibold break-all underline">
                {store.address}
              </a>
            </p>
          ) : (
            <p>Selecciona una tienda primero.</p>
          )}
        </div>
      </main>
    </>
  );
}
