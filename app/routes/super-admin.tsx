import { data } from "react-router";
import { requireUser } from "~/domain/auth/guards.server";
import { NO_PERMISSION_MESSAGE, SUPERADMIN_ROLE } from "~/domain/auth/roles";
import type { Route } from "./+types/super-admin";

export const meta: Route.MetaFunction = () => [{ title: "Super administración · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (user.role !== SUPERADMIN_ROLE) return data({ allowed: false as const, email: user.email }, { status: 403 });
  return { allowed: true as const, email: user.email };
}

export default function SuperAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Super administración</h1>
      {loaderData.allowed ? (
        <p className="mt-4 text-stone-700">Sesión iniciada como {loaderData.email}.</p>
      ) : (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
          {NO_PERMISSION_MESSAGE}
        </p>
      )}
    </main>
  );
}
