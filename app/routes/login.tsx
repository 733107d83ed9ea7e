import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { RESET_MESSAGES } from "~/domain/auth/account-forms";
import { TextField } from "~/components/field";
import { requireAccess } from "~/lib/entry-access.server";
import { LOGIN_MESSAGES, logIn } from "~/domain/auth/login.server";
import { answering } from "~/lib/http-errors.server";
import { AppError } from "~/lib/errors";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/login";
import { SubmitButton } from "~/components/forms/submit-button";
import type { HydrationHandle } from "~/lib/islands";

/**
 * A plain form that posts as a document (the login needs no JavaScript); a refusal
 * comes back as the whole page, with the address typed still in its field.
 */
export const handle: HydrationHandle = { hydration: () => "none" };

/** The installable app: its manifest and home-screen icon, on the panel and its login only. */
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
  await requireAccess(request, context, "login");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAccess(request, context, "login");
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const outcome = await answering(
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
  if (outcome instanceof Response) return outcome;
  return data({ ...outcome.data, email: email.slice(0, MAX_EMAIL_LENGTH) }, outcome.init ?? undefined);
}

export default function Login({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  // After a password reset (app/routes/reset-password.tsx) or a confirmed e-mail change.
  const [searchParams] = useSearchParams();
  const notice = searchParams.get("aviso") === "contrasena" ? RESET_MESSAGES.changed : null;
  return (
    <AuthCard title="Inicia Sesión">
      {notice && !actionData ? (
        <div className="mb-4">
          <FormNotice ok>{notice}</FormNotice>
        </div>
      ) : null}
      {/* The browser checks nothing: whatever is typed goes to the server, whose message is shown. */}
      <Form method="post" noValidate className="space-y-4">
        <TextField
          label="Correo electrónico"
          hideLabel
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Correo electrónico"
          defaultValue={actionData?.email ?? ""}
        />
        <TextField
          label="Contraseña"
          hideLabel
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Contraseña"
        />
        {actionData?.ok === false ? <FormNotice ok={false}>{actionData.message}</FormNotice> : null}
        <SubmitButton busy={submitting} busyLabel="Entrando…">
          Entrar
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/i/olvide-contrasena" className="font-semibold text-brand-800 underline">
          ¿Olvidaste tu contraseña?
        </Link>
      </p>
      <p className="mt-4 text-center text-sm text-stone-700">
        <Link to="/i/signup" className="font-semibold text-brand-800 underline">
          No tienes cuenta? Regístrate
        </Link>
      </p>
    </AuthCard>
  );
}
