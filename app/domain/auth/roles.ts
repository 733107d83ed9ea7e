export const SUPERADMIN_ROLE = "superadmin";
export const NO_PERMISSION_MESSAGE = "No tienes permiso para acceder a este panel.";

/** What the guards answer a script's JSON request. */
export const GUARD_MESSAGES = {
  signInRequired: "Tu sesión terminó. Inicia sesión de nuevo.",
  notFound: "No encontrado.",
} as const;
