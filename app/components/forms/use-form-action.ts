import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { isFormResult, type FormFailure, type FormResult } from "~/lib/form-result";

/** A failure the network or the server caused, not the owner's input: the same form can be sent again. */
export type TransportFailure = FormFailure & { retryable: true };
export type ActionOutcome<T extends object> = FormResult<T> | TransportFailure;

/**
 * Sends a form to one of the panel's JSON actions with plain fetch, so that nothing the network
 * does can replace the page with the error page (docs/decisions/009): an answer in the one result shape
 * (app/lib/form-result.ts) is shown as it is; an offline device, a dropped connection or a 5xx
 * become the form's own failure sentence with a retry, and what the owner typed stays in the
 * form. A success reloads the page's data.
 */
export function useFormAction<T extends object = object>(
  url: string,
  failureMessage: string,
  /** `revalidate: false` for an action after which the page's data cannot load (an account just deleted). */
  { revalidate: reload = true }: { revalidate?: boolean } = {},
) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [pending, setPending] = useState<FormData | null>(null);
  const [result, setResult] = useState<ActionOutcome<T>>();
  const last = useRef<FormData | null>(null);

  const submit = useCallback(
    async (body: FormData): Promise<ActionOutcome<T>> => {
      last.current = body;
      setPending(body);
      setResult(undefined);
      const outcome = await post<T>(url, body, failureMessage);
      setPending(null);
      setResult(outcome);
      if (outcome.ok && reload) revalidate.current();
      return outcome;
    },
    [url, failureMessage, reload],
  );

  const retry = useCallback(() => (last.current ? submit(last.current) : undefined), [submit]);
  const clear = useCallback(() => setResult(undefined), []);
  /** A form's onSubmit: sends the form's fields through `submit` instead of navigating. */
  const handleSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit(new FormData(event.currentTarget));
    },
    [submit],
  );

  return { submit, retry, clear, handleSubmit, pending, submitting: pending !== null, result };
}

async function post<T extends object>(
  url: string,
  body: FormData,
  failureMessage: string,
): Promise<ActionOutcome<T>> {
  const transport: TransportFailure = { ok: false, message: failureMessage, retryable: true };
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
  } catch {
    return transport;
  }
  if (response.status === 401) {
    // The session ended: the login page, then back to the panel.
    window.location.assign("/i/login");
    return transport;
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.status >= 500 || !isFormResult(payload)) {
    return isFormResult(payload) && !payload.ok ? { ...payload, retryable: true } : transport;
  }
  return payload as FormResult<T>;
}
