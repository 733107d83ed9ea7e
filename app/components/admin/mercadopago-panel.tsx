import { TextField } from "~/components/field";
import { useFormAction } from "~/components/forms/use-form-action";
import { PAYMENT_ACCOUNT_MESSAGES } from "~/domain/payments/payment-account";
import { PanelForm } from "./panel-form";

const ACTION = "/i/admin/mercadopago";

/**
 * Configuración → "Tarjeta o Mercado Pago" (docs/decisions/052): on a plan that includes it, the
 * store's own Mercado Pago account, linked with its credentials — checked by Mercado Pago before
 * they are saved, and never shown again — or, once linked, its nickname and "Desvincular".
 */
export function MercadoPagoPanel({
  cardPayments,
}: {
  cardPayments: { allowed: boolean; nickname: string | null; oauth: boolean };
}) {
  if (!cardPayments.allowed) {
    return (
      <section aria-labelledby="mp-title" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h3 id="mp-title" className="text-lg font-semibold">
          Tarjeta o Mercado Pago
        </h3>
        <p className="text-sm text-stone-700">{PAYMENT_ACCOUNT_MESSAGES.planRequired}</p>
      </section>
    );
  }
  if (cardPayments.nickname) return <LinkedAccount nickname={cardPayments.nickname} />;
  return (
    <div className="space-y-3">
      {cardPayments.oauth ? (
        <p className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          {/* A plain link: Mercado Pago's authorization page is another site. */}
          <a
            href="/i/admin/mercadopago/vincular"
            className="inline-block rounded-lg bg-sky-700 px-4 py-2.5 font-semibold text-white hover:bg-sky-800"
          >
            Vincular cuenta con Mercado Pago
          </a>
        </p>
      ) : null}
      <LinkForm />
    </div>
  );
}

function LinkedAccount({ nickname }: { nickname: string }) {
  const save = useFormAction(ACTION, PAYMENT_ACCOUNT_MESSAGES.failed);
  return (
    <PanelForm
      id="mp-title"
      title="Tarjeta o Mercado Pago"
      description="Tus clientes pueden pagar con tarjeta o con su cuenta de Mercado Pago; el dinero llega a tu cuenta."
      action={ACTION}
      intent="unlink"
      save={save}
      submitLabel="Desvincular"
    >
      <p className="font-medium">Cuenta vinculada: {nickname}</p>
    </PanelForm>
  );
}

function LinkForm() {
  const save = useFormAction(ACTION, PAYMENT_ACCOUNT_MESSAGES.failed);
  const errors = save.result?.ok === false ? save.result.fieldErrors : undefined;
  return (
    <PanelForm
      id="mp-title"
      title="Tarjeta o Mercado Pago"
      description="Vincula tu cuenta de Mercado Pago para cobrar con tarjeta en línea. Copia tus credenciales de producción desde Tus integraciones en Mercado Pago."
      action={ACTION}
      intent="link"
      save={save}
      submitLabel="Vincular cuenta"
    >
      <TextField label="Access Token" name="accessToken" autoComplete="off" error={errors?.accessToken} />
      <TextField label="Public Key" name="publicKey" autoComplete="off" error={errors?.publicKey} />
      <TextField
        label="Clave secreta de notificaciones (webhooks)"
        name="webhookSecret"
        autoComplete="off"
        error={errors?.webhookSecret}
      />
    </PanelForm>
  );
}
