import { useEffect, useRef, useState } from "react";
import { FieldFrame } from "~/components/field";
import { RESTOCK_WORDS, RestockFormSchema } from "~/domain/products/restock";
import type { StorefrontProduct } from "~/domain/storefront/catalogue.server";
import type * as RestockPush from "./restock-push";
import { restockPushOffer, type PushOffer } from "./restock-push-offer";
import { postRestockNotice } from "./storefront-api";

type RestockPushModule = typeof RestockPush;

/** The subscription's code (service worker, push service), fetched only once push is offered. */
let pushModule: Promise<RestockPushModule> | undefined;

type Done = { ok: true; channel: "email"; email: string } | { ok: true; channel: "push" };
type Outcome = (Done & { cancelUrl: string | null }) | { ok: false; message: string };

/**
 * "Avísame cuando haya" on a sold-out product (docs/decisions/030): a modal <dialog> (Esc and the
 * close button close it, focus stays inside it) offering this browser's notifications, where the
 * browser has them and has not refused them, and one e-mail field. No account: the address is
 * checked here with the server's schema and words, and kept by the storefront endpoint.
 */
export function RestockDialog({
  storeId,
  product,
  onClose,
}: {
  storeId: string;
  product: StorefrontProduct | null;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [offer, setOffer] = useState<PushOffer>("unsupported");
  const [pushing, setPushing] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (product && !element.open) {
      setEmail("");
      setError(undefined);
      setOutcome(null);
      const offered = restockPushOffer(storeId);
      setOffer(offered);
      // Loaded while the shopper reads the dialog, so a tap on the choice finds it ready and the
      // permission is asked within the tap.
      if (offered === "offered") pushModule = import("./restock-push");
      element.showModal();
    }
    if (!product && element.open) element.close();
  }, [product, storeId]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!product || sending) return;
    const parsed = RestockFormSchema.safeParse({ productId: product.id, email });
    if (!parsed.success) {
      setError(RESTOCK_WORDS.email);
      event.currentTarget.querySelector<HTMLInputElement>("input[type=email]")?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    const answer = await postRestockNotice(storeId, parsed.data);
    setSending(false);
    if (answer.ok) {
      return setOutcome({
        ok: true,
        channel: "email",
        email: parsed.data.email,
        cancelUrl: answer.cancelUrl,
      });
    }
    const fieldError = "fieldErrors" in answer ? answer.fieldErrors?.email : undefined;
    if (fieldError) return setError(fieldError);
    setOutcome({ ok: false, message: answer.message });
  }

  async function byPush() {
    if (!product || pushing || sending) return;
    setPushing(true);
    setOutcome(null);
    const { askRestockByPush } = await (pushModule ??= import("./restock-push"));
    const answer = await askRestockByPush(storeId, product.id);
    setPushing(false);
    if (answer.ok) return setOutcome({ ok: true, channel: "push", cancelUrl: answer.cancelUrl });
    setOffer(answer.offer);
    // Refused by the browser: the choice itself now says so, beside the e-mail.
    if (answer.offer !== "denied") setOutcome({ ok: false, message: answer.message });
  }

  const titleId = "sf-restock-title";
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white p-5 text-stone-900 backdrop:bg-[rgb(0_0_0/0.6)]"
    >
      {product ? (
        <div className="space-y-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {RESTOCK_WORDS.title(product.name)}
          </h2>
          {outcome?.ok ? (
            <Confirmation done={outcome} cancelUrl={outcome.cancelUrl} />
          ) : (
            <form noValidate onSubmit={submit} className="space-y-4">
              <p className="text-sm">{RESTOCK_WORDS.explanation}</p>
              <PushChoice offer={offer} pushing={pushing} onChoose={byPush} />
              <FieldFrame
                label={RESTOCK_WORDS.emailLabel}
                error={error}
                control={(aria) => (
                  <input
                    {...aria}
                    type="email"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    value={email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                    className="block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base aria-[invalid]:border-red-600"
                  />
                )}
              />
              {outcome && !outcome.ok ? (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {outcome.message}
                </p>
              ) : null}
              <button
                type="submit"
                disabled={sending || pushing}
                className="w-full rounded-lg bg-[var(--store-primary)] px-4 py-2.5 font-semibold text-[var(--store-on-primary)] disabled:opacity-70"
              >
                {sending ? RESTOCK_WORDS.sending : RESTOCK_WORDS.send}
              </button>
            </form>
          )}
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="w-full rounded-lg border border-stone-400 px-4 py-2.5 font-semibold"
          >
            {RESTOCK_WORDS.close}
          </button>
        </div>
      ) : null}
    </dialog>
  );
}

function Confirmation({ done, cancelUrl }: { done: Done; cancelUrl: string | null }) {
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 font-medium text-green-900">
        {done.channel === "push" ? RESTOCK_WORDS.pushDone : RESTOCK_WORDS.done(done.email)}
      </p>
      {cancelUrl ? (
        <a href={cancelUrl} className="block text-sm underline">
          {RESTOCK_WORDS.cancelLink}
        </a>
      ) : null}
    </div>
  );
}

/** This browser's notifications, above the e-mail: offered, refused by the browser, or not there. */
function PushChoice({
  offer,
  pushing,
  onChoose,
}: {
  offer: PushOffer;
  pushing: boolean;
  onChoose: () => void;
}) {
  if (offer === "unsupported") return null;
  if (offer === "denied") {
    return (
      <p role="status" className="text-sm font-medium text-stone-800">
        {RESTOCK_WORDS.pushDenied}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <button
        type="button"
        onClick={onChoose}
        disabled={pushing}
        className="w-full rounded-lg bg-[var(--store-primary)] px-4 py-2.5 font-semibold text-[var(--store-on-primary)] disabled:opacity-70"
      >
        {pushing ? RESTOCK_WORDS.pushAsking : RESTOCK_WORDS.pushButton}
      </button>
      <p className="text-sm font-medium">{RESTOCK_WORDS.orEmail}</p>
    </div>
  );
}
