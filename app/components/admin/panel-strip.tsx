import type { ComponentProps } from "react";
import { DisclosureChevron } from "~/components/icons";
import { PlanBadge } from "~/components/plan-badge";
import { CopyButton } from "./copy-button";
import { AlarmAudio, SoundControl, soundSentence, UnseenOrdersAlert, useOrderAlarm } from "./order-alarm";
import { PlanPanel } from "./plan-panel";

/**
 * The strip between the panel's title and its tabs, kept to one line so that on a phone the tab
 * bar sits near the top and the tab starts on the first screen. The line holds the alarm's sound
 * control, always in reach, and a disclosure, "Tu tienda", whose summary says where the store
 * lives (and its plan, on a wider screen) and which opens onto the address with its copy button,
 * what the sound does and the plan with its trial. While orders wait unseen, their alert is a
 * second line.
 */
export function PanelStrip({
  address,
  unseen,
  plan,
  contactEmail,
}: {
  address: string;
  unseen: number;
  /** The plan's row; null for a role that does not manage the plan. */
  plan: Omit<ComponentProps<typeof PlanPanel>, "contactEmail"> | null;
  contactEmail: string;
}) {
  const alarm = useOrderAlarm(unseen);
  return (
    <div
      className="mt-2 divide-y divide-stone-200 rounded-xl bg-white text-sm ring-1 ring-stone-200 sm:mt-3"
      {...alarm.dataset}
    >
      <AlarmAudio alarm={alarm} />
      <div className="flow-root">
        {/* Floated first, so the summary's line is shortened beside it rather than under it. */}
        <div className="float-right py-1 pr-1.5 pl-2">
          <SoundControl alarm={alarm} />
        </div>
        <details className="group">
          <summary className="flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-xl py-1.5 pl-3 text-stone-800 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
            <DisclosureChevron />
            <span className="font-semibold">Tu tienda</span>
            <span className="sm:hidden">{plan ? "y plan" : ""}</span>
            <span className="hidden min-w-0 items-center gap-2 sm:flex">
              <span className="line-clamp-1 break-all text-stone-700">
                está en {address.replace(/^https?:\/\//, "")}
              </span>
              {plan ? <PlanBadge tier={plan.tier} trial={plan.trial} /> : null}
            </span>
          </summary>
          <div className="clear-both divide-y divide-stone-200 border-t border-stone-200">
            <div className="flex items-center justify-between gap-3 px-3 py-2">
              <p className="min-w-0">
                Tu tienda está en{" "}
                <a href={address} className="block font-semibold break-all text-brand-900 underline">
                  {address}
                </a>
              </p>
              <CopyButton text={address} />
            </div>
            <p className="px-3 py-2 text-stone-700">{soundSentence(alarm)}</p>
            {plan ? <PlanPanel {...plan} contactEmail={contactEmail} /> : null}
          </div>
        </details>
      </div>
      <UnseenOrdersAlert unseen={unseen} />
    </div>
  );
}
