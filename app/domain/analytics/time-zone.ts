/**
 * The clock the Resumen tab's days are counted on, and page views rolled up into days by: Mexico
 * City's. One constant for both, so a day of figures and a day of views are the same day.
 */
export const DASHBOARD_TIME_ZONE = "America/Mexico_City";
