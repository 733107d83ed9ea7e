import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/field";
import { SubmitButton } from "~/components/forms/submit-button";

/**
 * The two ways into a link's page (claiming a store, joining a team): a new account, or an
 * existing one without a store. Each form names its intent; the page's action does the rest.
 */
export function SignupForLink({
  failure,
  submitLabel,
  withName = false,
  email,
}: {
  failure: { fieldErrors?: Record<string, string> } | null;
  submitLabel: string;
  /** Ask for the person's name too (a team shows who did what). */
  withName?: boolean;
  /** The one address the link is for (an invitation): shown, not typed. */
  email?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "signup";
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" className="space-y-4" aria-labelledby="crear-cuenta">
      <h2 id="crear-cuenta" className="text-lg font-semibold">
        Crea tu cuenta
      </h2>
      <input type="hidden" name="intent" value="signup" />
      {withName ? (
        <TextField label="Tu nombre" name="name" autoComplete="name" required error={errors.name} />
      ) : null}
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        autoComplete="email"
        error={errors.email}
        {...(email
          ? { defaultValue: email, readOnly: true, hint: "La invitación es para este correo." }
          : {})}
      />
      <TextField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        error={errors.password}
      />
      <SubmitButton busy={busy} busyLabel="Creando tu cuenta…">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

export function LoginForLink({
  heading,
  submitLabel,
  email,
}: {
  heading: string;
  submitLabel: string;
  /** The address the link is for, filled in. */
  email?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  return (
    <Form
      method="post"
      className="space-y-4 border-t border-stone-200 pt-6"
      aria-labelledby="ya-tengo-cuenta"
    >
      <h2 id="ya-tengo-cuenta" className="text-lg font-semibold">
        {heading}
      </h2>
      <input type="hidden" name="intent" value="login" />
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={email}
        required
      />
      <TextField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton busy={busy} busyLabel="Entrando…">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
