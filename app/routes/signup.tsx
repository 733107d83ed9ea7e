import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Wordmark } from "~/components/brand";
import { CelebrationIcon } from "~/components/icons";
import { focusFirstInvalid, SelectField, TextField } from "~/components/field";
import { requireAccess } from "~/lib/entry-access.server";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { SIGNUP_MESSAGES, SignupFormSchema, type SignupField } from "~/domain/stores/signup-form";
import { ServerSignupFormSchema } from "~/domain/stores/signup-form.server";
import { signUpOwner } from "~/domain/stores/signup.server";
import { deriveStoreId } from "~/domain/stores/store-id";
import { listStoreCategories } from "~/domain/stores/store.server";
import { fieldErrors, invalidForm, type FieldErrors } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/signup";
import { SubmitButton } from "~/components/forms/submit-button";

export const headers: Route.HeadersFunction = retryAfterOf;

export const meta: Route.MetaFunction = () => [
  { title: "Crea tu tienda · Tianguis" },
  { name: "description", content: "Abre gratis la tienda en línea de tu negocio local en Tianguis." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "signup");
  const requestedId = new URL(request.url).searchParams.get("id") ?? "";
  const categories = await listStoreCategories(context.services.db);
  return {
    categories: categories.map((category) => ({ value: category.id, label: category.name })),
    requestedId: requestedId.slice(0, 20),
    origin: context.services.env.publicOrigin,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAccess(request, context, "signup");
  const { db, env } = context.services;
  const values = Object.fromEntries(await request.formData());
  const parsed = ServerSignupFormSchema.safeParse({
    displayName: values.displayName ?? "",
    storeId: values.storeId ?? "",
    storeCategory: values.storeCategory ?? "",
    email: values.email ?? "",
    password: values.password ?? "",
  });
  if (!parsed.success) return data(invalidForm(SIGNUP_MESSAGES.failed, fieldErrors(parsed.error)), 400);
  return answering(
    { logger: context.logger, fallback: SIGNUP_MESSAGES.failed, logLine: "sign-up failed" },
    async () => {
      const limit = {
        name: "signupPerAddress",
        subject: context.clientIp,
        limit: env.SIGNUP_LIMIT_PER_HOUR,
      } as const;
      await enforce(db, [limit], SIGNUP_MESSAGES.tooMany);
      const { storeId } = await signUpOwner(db, parsed.data);
      context.logger.info("store created", { storeId });
      return { ok: true as const, storeId, address: `${env.publicOrigin}/${storeId}` };
    },
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) return <SignupSuccess address={actionData.address} />;
  return (
    <SignupForm
      {...loaderData}
      serverErrors={actionData?.ok === false ? serverErrorsOf(actionData) : undefined}
    />
  );
}

/** A field's message sits by its field; a failure of the whole form (too many sign-ups) above the button. */
function serverErrorsOf(result: { message: string; fieldErrors?: Record<string, string> }) {
  return (result.fieldErrors ?? { form: result.message }) as FieldErrors<SignupField | "form">;
}

function SignupForm({
  categories,
  requestedId,
  origin,
  serverErrors,
}: Route.ComponentProps["loaderData"] & { serverErrors?: FieldErrors<SignupField | "form"> }) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useNavigation().state === "submitting";
  // Uncontrolled, so that what a visitor types before the page hydrates is never reset.
  const storeIdInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const [storeId, setStoreId] = useState(requestedId);
  // The id follows the name until the owner types an id of their own.
  const [storeIdEdited, setStoreIdEdited] = useState(requestedId !== "");
  // Marks the form once React has hydrated it, for tests and tools that must wait for it.
  const [hydrated, setHydrated] = useState(false);
  // What was typed before the page hydrated: derive the id from it, or keep an id typed by hand.
  // A field the visitor is in (focused, even if still empty) is theirs: it is never written to.
  useEffect(() => {
    setHydrated(true);
    const id = storeIdInput.current;
    const name = nameInput.current;
    if (!id || !name || storeIdEdited) return;
    if (id.value !== "") {
      if (id.value !== deriveStoreId(name.value)) setStoreIdEdited(true);
    } else if (document.activeElement !== id) {
      id.value = deriveStoreId(name.value);
    }
    setStoreId(id.value);
    // Only once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [clientErrors, setClientErrors] = useState<FieldErrors<SignupField> | null>(null);
  const errors: FieldErrors<SignupField | "form"> = clientErrors ?? serverErrors ?? {};
  const required = Object.values(errors).includes(SIGNUP_MESSAGES.required);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = SignupFormSchema.safeParse(values);
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrors<SignupField>(parsed.error));
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  const messageFor = (field: SignupField) =>
    errors[field] === SIGNUP_MESSAGES.required ? undefined : errors[field];
  const invalidProps = (field: SignupField) =>
    errors[field] === SIGNUP_MESSAGES.required ? { "aria-invalid": true as const } : {};

  return (
    <main className="flex min-h-screen flex-col items-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <h1 className="text-2xl font-bold">Crea tu tienda</h1>
          <p className="mt-1 mb-6 text-stone-700">Gratis, en minutos, y lista para compartir por WhatsApp.</p>
          <Form
            method="post"
            className="space-y-4"
            noValidate
            ref={formRef}
            onSubmit={validate}
            data-hydrated={hydrated || undefined}
          >
            <TextField
              label="Nombre de tu tienda"
              name="displayName"
              ref={nameInput}
              autoComplete="organization"
              placeholder="Panadería La Espiga"
              error={messageFor("displayName")}
              {...invalidProps("displayName")}
              onChange={(event) => {
                if (storeIdEdited || !storeIdInput.current) return;
                storeIdInput.current.value = deriveStoreId(event.currentTarget.value);
                setStoreId(storeIdInput.current.value);
              }}
            />
            <TextField
              label="Identificador de la tienda"
              name="storeId"
              ref={storeIdInput}
              defaultValue={requestedId}
              maxLength={20}
              autoCapitalize="none"
              spellCheck={false}
              hint={`Tu tienda vivirá en ${origin}/${storeId || "tu-tienda"}`}
              error={messageFor("storeId")}
              {...invalidProps("storeId")}
              onChange={(event) => {
                setStoreIdEdited(true);
                setStoreId(event.currentTarget.value);
              }}
            />
            <SelectField
              label="Categoría de la tienda"
              name="storeCategory"
              defaultValue=""
              placeholder="Selecciona una categoría"
              options={categories}
              error={errors.storeCategory}
            />
            <TextField
              label="Correo electrónico"
              name="email"
              type="email"
              autoComplete="email"
              error={messageFor("email")}
              {...invalidProps("email")}
            />
            <TextField
              label="Contraseña"
              name="password"
              type="password"
              autoComplete="new-password"
              hint="Al menos 8 caracteres."
              error={messageFor("password")}
              {...invalidProps("password")}
            />
            {required || errors.form ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.form ?? SIGNUP_MESSAGES.required}
              </p>
            ) : null}
            <SubmitButton busy={submitting} busyLabel="Creando tu tienda…">
              Crear mi tienda
            </SubmitButton>
          </Form>
          <p className="mt-6 text-center text-sm text-stone-700">
            ¿Ya tienes cuenta?{" "}
            <Link to="/i/login" className="font-semibold text-brand-800 underline">
              Inicia Sesión
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}

function SignupSuccess({ address }: { address: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CelebrationIcon className="h-9 w-9" />
        </span>
        <h1 className="mt-4 text-2xl font-bold">¡Tu tienda está lista!</h1>
        <p className="mt-2 text-stone-700">
          Creamos tu cuenta y tu tienda. Tienes 30 días gratis del plan Negocio para probarlo todo.
        </p>
        <p className="mt-4 rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm break-all">{address}</p>
        <Link
          to="/i/login"
          className="mt-6 inline-block w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Inicia sesión para administrarla
        </Link>
      </div>
    </main>
  );
}
