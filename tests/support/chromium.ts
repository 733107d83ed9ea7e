/**
 * Debian's Chromium, with the flags this closed network needs: headless, no sandbox, no calls home.
 *
 * Two builds of the same version: the browser tests drive Chromium's headless shell (Debian's
 * `chromium-headless-shell`, the headless mode Playwright itself drives by default), which renders
 * pages as Chromium does without the full browser around them and costs about half the processor
 * time; the full browser (`chromium`) is kept for the push tests, since only it has the Push API.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
