/**
 * The look of an action in a panel's header (a button or a link): compact enough on a phone
 * for pause, sign out and one more to share a 360 px row.
 */
export const HEADER_ACTION_CLASS =
  "rounded-lg border border-stone-300 bg-white px-2.5 py-2 text-[13px] font-medium whitespace-nowrap text-stone-800 hover:bg-stone-100 sm:px-3 sm:text-sm";
