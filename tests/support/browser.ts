import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { connectDatabase, type Database } from "~/db/client.server";
import { createOwner, createStore, type CreateStoreInput } from "~/db/factories.server";
import { hashPassword } from "~/domain/auth/password-hash.server";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./chromium";

/** Chromium's headless shell: every browser test but the push ones (`push-browser.ts`). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS });
}

/** One browser per test file; each test opens its own context (cookies, storage). */
export function useBrowser() {
  const state = { browser: undefined as unknown as Browser, baseUrl: inject("baseUrl") };
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return state;
}

/** A page of the given size in a fresh context, in Mexico's language and time. */
export async function newPageAt(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
  });
  return context.newPage();
}

/** A phone-sized page (360 px wide, as a mid-range Android) in a fresh context. */
export function newPhonePage(browser: Browser, baseUrl: string): Promise<Page> {
  return newPageAt(browser, baseUrl, { width: 360, height: 740 });
}

/** Signs an existing account in within a browser context (the cookie lands in its jar). */
export async function signInAs(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post("/i/login", { form: { email, password }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** axe-core: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // Only violations are read: axe skips collecting the nodes of every rule that passed.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

export function uniqueSuffix() {
  return Math.random().toString(36).slice(2, 8);
}

/** The e2e server's database, for setting up a test's own data with the shared factories. */
export function useE2eDatabase() {
  const connection = connectDatabase(inject("e2eDatabaseUrl"), { max: 4 });
  afterAll(() => connection.close());
  return connection.db;
}

/**
 * A new owner with their own store, signed in within the given browser context (the session
 * cookie lands in the context's cookie jar).
 */
/** A store's plan for the features of Negocio (own domain, stock), paid for a year ahead. */
export const NEGOCIO_PLAN = {
  licenceType: "basic" as const,
  licenceExpires: new Date(Date.now() + 365 * 86_400_000),
};

export async function signedInOwner(
  context: BrowserContext,
  db: Database,
  store: CreateStoreInput = {},
): Promise<{ email: string; password: string; storeId: string }> {
  const created = await createStore(db, store);
  const owner = await createOwner(db, {
    storeId: created.id,
    passwordHash: (DEMO_HASH_FOR_TESTS.value ??= await hashPassword(TEST_PASSWORD)),
    password: TEST_PASSWORD,
  });
  await signInAs(context, owner.email, TEST_PASSWORD);
  return { email: owner.email, password: TEST_PASSWORD, storeId: created.id };
}

const TEST_PASSWORD = "contrasena-de-prueba";
const DEMO_HASH_FOR_TESTS: { value?: string } = {};
