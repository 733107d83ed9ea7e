import { Form, Link, redirect, useNavigation } from "react-router";
import { Wordmark } from "~/components/brand";
import { TextField } from "~/components/field";
import { requireAnonymous } from "~/domain/auth/guards.server";
import { LOGIN_MESSAGES, logIn } from "~/domain/auth/login.server";
import { answering } from "~/lib/http-errors.server";
import { AppError } from "~/lib/errors";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/login";
import { SubmitButton } from "~/components/forms/submit-button";

/** The installable app (issue 10): its manifest and home-screen icon, on the panel and its login only. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const headers: Route.HeadersFunction = retryAfterOf;

export const meta: Route.MetaFunction = () => [
  { title: "Inicia Sesión · Tianguis" },
  { name: "description", content: "Entra al panel de tu tienda en Tianguis." },
];

const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request, context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  return answering(
    { logger: context.logger, fallback: LOGIN_MESSAGES.failed, logLine: "login failed" },
    async () => {
      // Refused before any limit or hash: an e-mail can be 254 characters at most (RFC 5321).
      if (email.trim().length > MAX_EMAIL_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
        throw new AppError("VALIDATION", LOGIN_MESSAGES.invalid, { field: "email" });
      }
      const headers = await logIn(context.services, {
        email,
        password,
        ip: context.clientIp,
        headers: request.headers,
      });
      return redirect("/i/admin", { headers });
    },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <h1 className="mb-6 text-center text-2xl font-bold">Inicia Sesión</h1>
          <Form method="post" className="space-y-4">
            <TextField
              label="Correo electrónico"
              hideLabel
              name="email"
              type="email"
              autoComplete="email"
              placeholder="Correo electrónico"
              required
            />
            <TextField
              label="Contraseña"
              hideLabel
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="Contraseña"
              required
            />
            {actionData?.ok === false ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {actionData.message}
              </p>
            ) : null}
            <SubmitButton busy={submitting} busyLabel="Entrando…">
              Entrar
            </SubmitButton>
          </Form>
          <p className="mt-6 text-center text-sm text-stone-700">
            <Link to="/i/signup" className="font-semibold text-brand-800 underline">
              No tienes cuenta? Regístrate
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
