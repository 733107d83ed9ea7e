export const SUPERADMIN_ROLE = "superadmin";
export const NO_PERMISSION_MESSAGE = "No tienes permiso para acceder a este panel.";
