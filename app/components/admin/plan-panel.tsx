import { PlanBadge } from "~/components/plan-badge";
import type { LicenceType } from "~/domain/stores/licence-types";
import { BASIC_PLAN_PRICE, TRIAL_MESSAGES } from "~/domain/stores/plan";
import { useFormAction } from "~/components/forms/use-form-action";
import { ActionMessage } from "~/components/action-message";

/**
 * The plan, the trial and how to extend it (the rules are in app/domain/stores/licence.ts): a row of
 * the panel's strip under the store's address.
 */
export function PlanPanel({
  tier,
  trial,
  trialText,
  canStartTrial,
  contactEmail,
}: {
  tier: LicenceType;
  trial: boolean;
  trialText: string | null;
  canStartTrial: boolean;
  contactEmail: string;
}) {
  const trialAction = useFormAction("/i/admin/trial", TRIAL_MESSAGES.failed);
  const extend = (
    <>
      ¿Necesitas más tiempo? Escríbenos a{" "}
      <a href={`mailto:${contactEmail}?subject=Extender%20mi%20prueba`} className="font-semibold underline">
        {contactEmail}
      </a>
      .
    </>
  );
  return (
    <section aria-label="Tu plan" className="space-y-1.5 px-3 py-2 text-sm">
      <p className="flex items-center gap-2">
        Plan actual: <PlanBadge tier={tier} trial={trial} />
      </p>
      {trial && trialText ? (
        <p>
          {trialText} {extend}
        </p>
      ) : null}
      {canStartTrial ? (
        <form
          method="post"
          action="/i/admin/trial"
          onSubmit={trialAction.handleSubmit}
          className="flex flex-wrap items-center gap-x-3 gap-y-1.5"
        >
          <p className="text-stone-700">
            Prueba gratis el plan Negocio durante 30 días: hasta 50 productos y categorías propias. Después
            cuesta {BASIC_PLAN_PRICE}.
          </p>
          <button
            type="submit"
            disabled={trialAction.submitting}
            className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            Iniciar prueba gratis
          </button>
        </form>
      ) : null}
      {!trial && !canStartTrial && tier === "starter" ? (
        <p>
          Tu periodo de prueba terminó. El plan Negocio cuesta {BASIC_PLAN_PRICE}. {extend}
        </p>
      ) : null}
      <ActionMessage result={trialAction.result} onRetry={trialAction.retry} />
    </section>
  );
}
