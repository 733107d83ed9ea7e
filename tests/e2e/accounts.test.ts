import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authSession, authUser } from "~/db/schema";
import { ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { EXPORT_MESSAGES } from "~/domain/stores/close-store";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";

const browser = useBrowser();
/** Pictographs and dingbats, the blocks emoji are drawn from. */
const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{1F000}-\u{1F2FF}]/u;
const db = useE2eDatabase();

describe("owner accounts", () => {
  it("sign up → success screen → log in → admin banner → Cerrar sesión → /i/login", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const suffix = uniqueSuffix();
    const email = `nandu-${suffix}@example.com`;
    await page.goto("/i/signup");

    // The id follows the name, accents transliterated, until edited by hand.
    await page.getByLabel("Nombre de tu tienda").fill("Panadería Ñandú");
    await expect
      .poll(() => page.getByLabel("Identificador de la tienda").inputValue())
      .toBe("panaderianandu");
    await page.getByLabel("Identificador de la tienda").fill(`nandu-${suffix}`);
    await page.getByLabel("Nombre de tu tienda").fill("Panadería Ñandú del Centro");
    await expect(page.getByLabel("Identificador de la tienda").inputValue()).resolves.toBe(`nandu-${suffix}`);

    // Missing fields: the fixed message, nothing created.
    await page.getByRole("button", { name: "Crear mi tienda" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "Por favor, completa todos los campos.",
    );
    await page.getByText("Por favor, selecciona una categoría para tu tienda.").waitFor();

    await page.getByLabel("Categoría de la tienda").selectOption("sweets");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("contraseña-segura");
    await page.getByRole("button", { name: "Crear mi tienda" }).click();
    await page.getByRole("heading", { name: "¡Tu tienda está lista!" }).waitFor();
    // The card celebrates with a drawing, not an emoji a phone without an emoji font shows as a box.
    const card = page
      .locator("main")
      .filter({ has: page.getByRole("heading", { name: "¡Tu tienda está lista!" }) });
    expect(await card.innerText()).not.toMatch(EMOJI);
    expect(await card.locator("svg").count()).toBeGreaterThan(0);
    expect(await card.locator("svg").first().isVisible()).toBe(true);

    await page.getByRole("link", { name: "Inicia sesión para administrarla" }).click();
    await page.waitForURL("**/i/login");
    await page.getByPlaceholder("Correo electrónico").fill(email);
    await page.getByPlaceholder("Contraseña").fill("contraseña-segura");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL("**/i/admin");
    await page.getByRole("heading", { name: "Panel de Administración" }).waitFor();
    await page.locator("summary", { hasText: "Tu tienda" }).click();
    await page.getByText(`${browser.baseUrl}/nandu-${suffix}`).first().waitFor();
    await page.getByText("Negocio", { exact: false }).first().waitFor();

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL("**/i/login");
    // The session ended on the server: the panel is closed again.
    await page.goto("/i/admin");
    await page.waitForURL("**/i/login");
    await page.context().close();
  });

  /** The sign-up page with its JavaScript held back until `release()`: the visitor acts before hydration. */
  async function signupBeforeHydration() {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/i/signup", { waitUntil: "commit" });
    const hydrated = () => page.locator("form[data-hydrated]").waitFor();
    return {
      page,
      release,
      hydrated,
      name: page.getByLabel("Nombre de tu tienda"),
      storeId: page.getByLabel("Identificador de la tienda"),
      address: (id: string) => page.getByText(`Tu tienda vivirá en ${browser.baseUrl}/${id}`),
    };
  }

  it("derives the id from a name typed before the page's JavaScript arrived", async () => {
    const { page, release, hydrated, name, storeId, address } = await signupBeforeHydration();
    await name.fill("Café Ñandú");
    expect(await storeId.inputValue()).toBe("");
    release();
    await hydrated();
    expect(await storeId.inputValue()).toBe("cafenandu");
    await address("cafenandu").waitFor();
    await page.context().close();
  });

  it("never writes into the id field the visitor is in while the page hydrates", async () => {
    const { page, release, hydrated, name, storeId, address } = await signupBeforeHydration();
    await name.fill("Café Ñandú");
    // In the empty id field when the page hydrates: the derived id would be glued onto what follows.
    await storeId.focus();
    release();
    await hydrated();
    expect(await storeId.inputValue()).toBe("");
    await storeId.pressSequentially("nandu");
    expect(await storeId.inputValue()).toBe("nandu");
    await address("nandu").waitFor();
    // Typed by hand: the name no longer changes it.
    await name.fill("Café Ñandú del Centro");
    expect(await storeId.inputValue()).toBe("nandu");
    await page.context().close();
  });

  it("keeps an id the visitor is typing while the page hydrates", async () => {
    const { page, release, hydrated, name, storeId, address } = await signupBeforeHydration();
    await name.fill("Café Ñandú");
    await storeId.pressSequentially("nan");
    release();
    // Typing goes on while the scripts arrive and React takes the page over.
    await storeId.pressSequentially("du", { delay: 50 });
    await hydrated();
    expect(await storeId.inputValue()).toBe("nandu");
    await address("nandu").waitFor();
    await name.fill("Café Ñandú del Centro");
    expect(await storeId.inputValue()).toBe("nandu");
    await page.context().close();
  });

  it("a taken store id gets its fixed message next to the field", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/i/signup");
    // Hydrated first: a fill is not a person typing, and one that lands while React takes the page
    // over can find the id derived from the name between its focus and its text. Typing before
    // hydration is the test above's, with the page's scripts held back.
    await page.locator("form[data-hydrated]").waitFor();
    await page.getByLabel("Nombre de tu tienda").fill("Otra Espiga");
    await page.getByLabel("Identificador de la tienda").fill("panaderia-la-espiga");
    await page.getByLabel("Nombre de tu tienda").fill("Otra Espiga de Oro");
    // Typed by hand, so the name no longer changes it.
    await expect(page.getByLabel("Identificador de la tienda").inputValue()).resolves.toBe(
      "panaderia-la-espiga",
    );
    await page.getByLabel("Categoría de la tienda").selectOption("sweets");
    await page.getByLabel("Correo electrónico").fill(`otra-${uniqueSuffix()}@example.com`);
    await page.getByLabel("Contraseña").fill("contraseña-segura");
    await page.getByRole("button", { name: "Crear mi tienda" }).click();
    await page.getByText("Este identificador ya está en uso. Por favor, elige otro.").waitFor();
    await expect(page.getByLabel("Identificador de la tienda").getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await page.context().close();
  });

  it("a wrong password shows the server's message in red under the form", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/i/login");
    await page.getByPlaceholder("Correo electrónico").fill("demo@tianguis.mx");
    await page.getByPlaceholder("Contraseña").fill("no-es-la-contraseña");
    await page.getByRole("button", { name: "Entrar" }).click();
    const message = page.getByRole("alert");
    await message.waitFor();
    await expect(message.textContent()).resolves.toBe("Correo o contraseña incorrectos.");
    // Paint the computed colour (Tailwind 4 gives oklch) to read it back as RGB.
    const [r, g, b] = await message.evaluate((element) => {
      const context = document.createElement("canvas").getContext("2d")!;
      context.fillStyle = getComputedStyle(element).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    });
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    await page.context().close();
  });

  it("an empty or malformed e-mail is not stopped by the browser: the form posts and shows the server's message", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/i/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("alert").getByText("Correo o contraseña incorrectos.").waitFor();
    await page.getByPlaceholder("Correo electrónico").fill("no-es-un-correo");
    await page.getByPlaceholder("Contraseña").fill("x");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("alert").getByText("Correo o contraseña incorrectos.").waitFor();
    expect(await page.getByPlaceholder("Correo electrónico").inputValue()).toBe("no-es-un-correo");
    await page.context().close();
  });

  it("signed out, /i/admin and /i/super-admin lead to /i/login", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    await page.goto("/i/admin");
    await page.waitForURL("**/i/login");
    await page.goto("/i/super-admin");
    await page.waitForURL("**/i/login");
    await page.context().close();
  });

  it("throttles login after 10 wrong passwords with a Spanish message and HTTP 429", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    // A documentation address of its own (the e2e server trusts the loopback proxy), so the
    // address counter of the other tests is untouched.
    const headers = { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 1}` };
    const email = `limite-${uniqueSuffix()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const response = await page.request.post("/i/login", { form: { email, password: `x${i}` }, headers });
      expect(response.status()).toBe(401);
    }
    const blocked = await page.request.post("/i/login", { form: { email, password: "x" }, headers });
    expect(blocked.status()).toBe(429);
    expect(await blocked.text()).toContain(
      "Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo.",
    );
    await page.context().close();
  });

  it("Tus datos on a sign-in of 11 minutes ago: export and closing ask the current password next to the field, then work", async () => {
    const page = await newPhonePage(browser.browser, browser.baseUrl);
    const { email, password, storeId } = await signedInOwner(page.context(), db);
    const [user] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
    await db
      .update(authSession)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(authSession.userId, user!.id));
    await page.goto("/i/cuenta");
    await page.locator("main[data-hydrated]").waitFor();
    const data = page.getByRole("region", { name: "Tus datos" });
    const exportPassword = data.getByLabel("Tu contraseña actual").first();
    const download = data.getByRole("button", { name: "Descargar mis datos" });

    await download.click();
    await data.getByRole("alert").getByText(ACCOUNT_MESSAGES.confirmIdentity).waitFor();
    await expect.poll(() => exportPassword.getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
    await exportPassword.fill(password);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^tianguis-${storeId}-.+\\.zip$`));
    await data.getByText(EXPORT_MESSAGES.downloading).waitFor();

    const closing = page.getByRole("form", { name: "Cerrar mi tienda" });
    await closing.getByLabel(`Escribe ${storeId} para confirmar`).fill(storeId);
    await closing.getByRole("button", { name: "Cerrar mi tienda" }).click();
    await closing.getByRole("alert").getByText(ACCOUNT_MESSAGES.confirmIdentity).waitFor();
    await closing.getByLabel("Tu contraseña actual").fill(password);
    await closing.getByRole("button", { name: "Cerrar mi tienda" }).click();
    await page.waitForURL("**/i/tienda-cerrada");
    await page.context().close();
  });
});
