/**
 * Valid forms of the panel's actions, for the tests that ask every action as every kind of caller
 * (guards.test.ts, team-roles.test.ts): a refusal then comes from the guard, never from the form.
 */
export const VALID_SETTINGS_FORM = {
  displayName: "Tienda guardada",
  description: "Pan de todos los días",
  contactEmail: "tienda@example.com",
  facebookUrl: "",
  instagramUrl: "",
  twitterUrl: "",
  phone: "4490000000",
  cityId: "aguascalientes",
  primaryColor: "#000000",
  secondaryColor: "#000000",
  backgroundColor: "#ffffff",
  panelBackgroundColor: "#ffffff",
  productBackgroundColor: "#ffffff",
  allowPickup: "on",
  pickupInstructions: "En el mostrador",
};

/** Opening hours every day 9 to 18, with slots of an hour, as the hours form sends them. */
export const VALID_HOURS_FORM = {
  intent: "hours",
  payload: JSON.stringify({
    openingHours: {
      weekly: Array.from({ length: 7 }, () => [{ open: "09:00", close: "18:00" }]),
      exceptions: [],
    },
    outsideHours: "schedule",
    slotMinutes: 60,
    leadMinutes: 0,
    slotCapacity: "",
  }),
};
