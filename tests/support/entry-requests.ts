/**
 * What each entry point of app/lib/entry-points.ts is asked in the generated guard and role
 * matrices (tests/integration/guards.test.ts, team-roles.test.ts): per entry and method, one
 * request or more (an action's intents, the panel's tabs), with the body it needs. Who may call
 * and what a refusal looks like come from the entry's declaration, not from here. The type holds
 * that every entry and each of its methods has its requests, and a test says so too.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { ADMIN_TABS } from "~/domain/team/admin-tabs";
import type { Capability } from "~/domain/team/team-roles";
import type { EntryName, EntryNamed } from "~/lib/entry-points";
import { VALID_HOURS_FORM, VALID_SETTINGS_FORM } from "./admin-forms";
import { invoiceForm } from "./invoice-files";
import { ROOT } from "./server-process";

/** What a request aims at: a store with a product, a pending order, a device, a session, a team. */
export type Target = {
  storeId: string;
  productId: string;
  /** A pending order's number. */
  orderId: string;
  /** A push device of the store's owner. */
  deviceId: number;
  /** A session of the owner's, besides the one asking ("Cerrar esta sesión"). */
  sessionId: string;
  /** The password of the owner who asks. */
  password: string;
  /** A cajero of the store and a pending invitation, for the team's own actions. */
  memberId: string;
  invitationId: number;
  /** An image the store uploaded. */
  imageKey: string;
  cityId: string;
};

export type EntryRequest = {
  /** What this request does, after the entry's name: "create", "the products tab". */
  label?: string;
  /** The address: by default the entry's path with its parameters taken from the target. */
  path?: (target: Target) => string;
  form?: (target: Target) => Record<string, string>;
  multipart?: (target: Target) => FormData;
  /** A JSON body (the storefront's API, a CSP report). */
  json?: (target: Target) => { type: string; body: unknown };
  /** A tab of the panel asks for its own capability (app/domain/team/admin-tabs.ts). */
  capability?: Capability;
  /**
   * Asked in one matrix only: the role matrix asks every intent and tab, the guard matrix one
   * request of each entry and method, and those aimed at another store's rows.
   */
  only?: "roles" | "guards";
  /**
   * It aims at the target's own rows (a product, an order, a device, a session): a caller the
   * guard lets through acts on their own store or account, where those rows are not found.
   */
  aimsAtTarget?: boolean;
  /** It would end the owner's session or account, start the trial, close or hand over the store. */
  ownStore?: boolean;
  /** The target carries a member and an invitation of its own (the team's actions). */
  team?: boolean;
  /** It ends the session it comes with: each caller asks with a new session of theirs. */
  ownSession?: boolean;
  /** The answer every caller gets from an entry that does not depend on who asks (200 by default). */
  status?: number;
  /** Where that answer sends the browser, when it is a redirect to a fixed address. */
  location?: string;
};

type Requests = {
  [N in EntryName]: { [M in EntryNamed<N>["methods"][number]]: readonly EntryRequest[] };
};

const NO_SUCH_LINK = "un-enlace-que-no-existe-0123456789";

const tab = (id: (typeof ADMIN_TABS)[number]["id"], only?: "roles"): EntryRequest => ({
  label: `the ${id} tab`,
  path: () => `/i/admin?tab=${id}`,
  capability: ADMIN_TABS.find((candidate) => candidate.id === id)!.needs,
  only,
});

const catalogueCsv = () => {
  const form = new FormData();
  form.set("intent", "apply");
  const name = `Importado ${randomBytes(4).toString("hex")}`;
  form.set("file", new Blob([`Nombre,Descripción,Precio\n${name},Pan,10\n`]), "productos.csv");
  return form;
};

const newDevice = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
  p256dh: randomBytes(65).toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
});

/** A photo for the upload, set once by the test file that asks (it takes a moment to make). */
export const uploads = { photo: new Uint8Array() };

/** A file of the client build's assets (`npm run build` made them). */
function anAsset(): string {
  const file = readdirSync(path.join(ROOT, "build", "client", "assets")).find((name) => name.endsWith(".js"));
  return `/assets/${file}`;
}

export const ENTRY_REQUESTS: Requests = {
  landing: { GET: [{}] },
  city: { GET: [{ path: (t) => `/c/${t.cityId}` }] },
  storefront: { GET: [{}] },
  "storefront-s": { GET: [{}] },
  "storefront-product": { GET: [{}] },
  "storefront-s-product": { GET: [{}] },
  "storefront-api": {
    POST: [
      {
        label: "a page view",
        json: () => ({ type: "application/json", body: { intent: "view" } }),
        status: 204,
      },
    ],
  },
  "order-tracking": {
    GET: [{}],
    POST: [{ label: "a transfer's reference", form: () => ({ reference: "REF-123" }) }],
  },
  "order-tracking-stream": { GET: [{}] },
  "store-closed": { GET: [{}] },
  "restock-cancel": {
    GET: [{ path: () => `/i/avisame/baja/${NO_SUCH_LINK}` }],
    POST: [{ path: () => `/i/avisame/baja/${NO_SUCH_LINK}`, form: () => ({}) }],
  },
  login: {
    GET: [{}],
    POST: [{ form: () => ({ email: "nadie@example.com", password: "no-es-la-clave" }), status: 401 }],
  },
  signup: { GET: [{}], POST: [{ form: () => ({}), status: 400 }] },
  logout: {
    GET: [{ status: 302, location: "/i/login" }],
    POST: [{ form: () => ({}), ownSession: true, status: 302, location: "/i/login" }],
  },
  "forgot-password": { GET: [{}], POST: [{ form: () => ({ email: "nadie@example.com" }) }] },
  "reset-password": {
    GET: [{ path: () => `/i/restablecer/${NO_SUCH_LINK}` }],
    POST: [
      {
        path: () => `/i/restablecer/${NO_SUCH_LINK}`,
        form: () => ({ password: "una-clave-nueva-1" }),
        status: 400,
      },
    ],
  },
  claim: {
    GET: [{ path: () => `/i/reclamar/${NO_SUCH_LINK}` }],
    POST: [{ path: () => `/i/reclamar/${NO_SUCH_LINK}`, form: () => ({}), status: 400 }],
  },
  invitation: {
    GET: [{ path: () => `/i/invitacion/${NO_SUCH_LINK}` }],
    POST: [{ path: () => `/i/invitacion/${NO_SUCH_LINK}`, form: () => ({}), status: 400 }],
  },
  account: { GET: [{}] },
  "account-password": {
    // The owner's own password: a forged post still only reaches the caller's account, where it is wrong.
    POST: [
      { form: (t) => ({ currentPassword: t.password, newPassword: "una-clave-forjada-1" }), ownStore: true },
    ],
  },
  "account-email": {
    POST: [
      {
        form: (t) => ({
          newEmail: `nuevo-${randomBytes(4).toString("hex")}@example.com`,
          currentPassword: t.password,
        }),
      },
    ],
  },
  "account-email-confirm": {
    GET: [{ path: () => `/i/cuenta/correo/${NO_SUCH_LINK}` }],
    POST: [{ path: () => `/i/cuenta/correo/${NO_SUCH_LINK}`, form: () => ({}), status: 400 }],
  },
  "account-sessions": {
    POST: [{ form: (t) => ({ intent: "end", sessionId: t.sessionId }), aimsAtTarget: true }],
  },
  "account-export": {
    GET: [{}],
    POST: [{ form: (t) => ({ currentPassword: t.password }) }],
  },
  "account-close-store": {
    // Another owner's post closes nothing: their own store's id was not typed.
    POST: [{ form: (t) => ({ confirmStoreId: t.storeId }), ownStore: true }],
  },
  admin: {
    GET: [
      tab("productos"),
      tab("promociones"),
      tab("ordenes_pendientes", "roles"),
      tab("ordenes_completadas", "roles"),
      tab("configuracion", "roles"),
      tab("configuracion_avanzada", "roles"),
      tab("resumen", "roles"),
      tab("equipo", "roles"),
      tab("notificaciones", "roles"),
    ],
  },
  "admin-settings": { POST: [{ form: () => VALID_SETTINGS_FORM }] },
  "admin-advanced-settings": { POST: [{ form: () => ({ categories: "Forjada" }) }] },
  "admin-products": {
    POST: [
      {
        label: "create",
        form: () => ({ intent: "create", name: "Forjado", description: "Pan", price: "10", unit: "pieza" }),
      },
      {
        label: "availability",
        form: (t) => ({ intent: "set-availability", productId: t.productId, available: "false" }),
        aimsAtTarget: true,
      },
      { label: "delete", form: (t) => ({ intent: "delete", productId: t.productId }), aimsAtTarget: true },
    ],
  },
  "admin-products-import": { POST: [{ multipart: catalogueCsv }] },
  "admin-products-bulk": {
    POST: [
      {
        form: (t) => ({ productId: t.productId, change: "availability", available: "false" }),
        aimsAtTarget: true,
      },
    ],
  },
  "products-export-csv": { GET: [{}] },
  "products-export-xlsx": { GET: [{}] },
  "admin-upload": {
    POST: [
      {
        multipart: () => {
          const form = new FormData();
          form.set("kind", "product-images");
          form.set("file", new Blob([uploads.photo], { type: "image/jpeg" }), "foto.jpg");
          return form;
        },
      },
    ],
  },
  "admin-promotions": {
    POST: [
      {
        label: "create",
        form: () => ({
          intent: "create-code",
          code: `FORJA${randomBytes(3).toString("hex")}`,
          kind: "percent",
          value: "10",
        }),
      },
      // Each target's product has a discount code of the same id.
      {
        label: "pause",
        form: (t) => ({ intent: "pause", kind: "code", id: t.productId }),
        aimsAtTarget: true,
      },
    ],
  },
  "admin-orders": {
    POST: [
      { label: "complete", form: (t) => ({ intent: "complete", orderId: t.orderId }), aimsAtTarget: true },
      {
        label: "step",
        form: (t) => ({ intent: "step", orderId: t.orderId, step: "accepted" }),
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "paid",
        form: (t) => ({ intent: "paid", orderId: t.orderId }),
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "cancel",
        form: (t) => ({ intent: "cancel", orderId: t.orderId, reason: "Sin existencias" }),
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "invoiced",
        form: (t) => ({ intent: "invoiced", orderId: t.orderId }),
        aimsAtTarget: true,
        only: "roles",
      },
    ],
  },
  "admin-order-invoice": {
    POST: [{ multipart: (t) => invoiceForm(t.orderId), aimsAtTarget: true }],
  },
  "admin-orders-stream": { GET: [{}] },
  "admin-ticket": {
    GET: [{ path: (t) => `/i/admin/pedidos/${t.orderId}/ticket?papel=58`, aimsAtTarget: true }],
  },
  "admin-order-settings": { POST: [{ form: () => ({ intent: "payment", paymentMethods: "cash" }) }] },
  "admin-payment-account": { POST: [{ form: () => ({ intent: "unlink" }) }] },
  // Without the operator's application (the matrices' server), a page that says so.
  "admin-mercadopago-oauth": { GET: [{}] },
  "admin-shop-rules": { POST: [{ form: () => VALID_HOURS_FORM }] },
  "admin-pause": { POST: [{ form: () => ({ intent: "pause", message: "Volvemos pronto", minutes: "60" }) }] },
  "admin-push": {
    GET: [{}],
    POST: [
      {
        label: "subscribe",
        form: () => ({ intent: "subscribe", ...newDevice(), device: "Chrome en Android" }),
      },
      // A device is its own person's: the role matrix's callers have none of the owner's to remove.
      {
        label: "remove",
        form: (t) => ({ intent: "remove", id: String(t.deviceId) }),
        aimsAtTarget: true,
        only: "guards",
      },
      { label: "test", form: () => ({ intent: "test" }) },
    ],
  },
  "admin-order-email": { POST: [{ form: () => ({ enabled: "true" }) }] },
  "admin-trial": { POST: [{ form: () => ({}), ownStore: true }] },
  "admin-custom-domain": { POST: [{ form: () => ({ intent: "remove" }) }] },
  "admin-team": {
    POST: [
      {
        label: "invite",
        form: () => ({
          intent: "invite",
          email: `nueva-${randomBytes(4).toString("hex")}@example.com`,
          role: "cajero",
        }),
        team: true,
      },
      {
        label: "change a member's role",
        form: (t) => ({ intent: "role", userId: t.memberId, role: "encargado" }),
        team: true,
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "remove a member",
        form: (t) => ({ intent: "remove", userId: t.memberId }),
        team: true,
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "resend an invitation",
        form: (t) => ({ intent: "resend", id: String(t.invitationId) }),
        team: true,
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "revoke an invitation",
        form: (t) => ({ intent: "revoke", id: String(t.invitationId) }),
        team: true,
        aimsAtTarget: true,
        only: "roles",
      },
      {
        label: "hand the store over",
        form: (t) => ({ intent: "transfer", userId: t.memberId, currentPassword: t.password }),
        team: true,
        aimsAtTarget: true,
        ownStore: true,
        only: "roles",
      },
    ],
  },
  "admin-share-qr": { GET: [{}] },
  "admin-share-poster": { GET: [{}] },
  "super-admin": {
    GET: [{}],
    POST: [{ form: (t) => ({ intent: "set-visibility", storeId: t.storeId, hidden: "true" }) }],
  },
  "super-admin-actions": {
    POST: [{ form: (t) => ({ intent: "set-visibility", storeId: t.storeId, hidden: "true" }) }],
  },
  robots: { GET: [{}] },
  sitemap: { GET: [{}] },
  "sitemap-page": { GET: [{ path: () => "/sitemaps/1.xml" }] },
  // An old version of a card is sent on to the current one.
  "og-tianguis": { GET: [{ path: () => "/i/og/tianguis/v1.jpg", status: 302 }] },
  "og-city": { GET: [{ path: (t) => `/i/og/ciudad/${t.cityId}/v1.jpg`, status: 302 }] },
  "og-store": { GET: [{ path: (t) => `/i/og/tienda/${t.storeId}/v1.jpg`, status: 302 }] },
  "og-product": { GET: [{ path: (t) => `/i/og/producto/${t.storeId}/${t.productId}/v1.jpg`, status: 302 }] },
  healthz: { GET: [{}] },
  readyz: { GET: [{}] },
  metrics: { GET: [{}] },
  "caddy-ask": { GET: [{ path: () => "/i/caddy/ask?domain=pedidos.desconocido.example", status: 404 }] },
  media: { GET: [{ path: (t) => `/media/${t.imageKey}` }] },
  assets: { GET: [{ path: anAsset }] },
  favicon: { GET: [{}] },
  "web-app-manifest": { GET: [{}] },
  "service-worker": { GET: [{}] },
  "offline-page": { GET: [{}] },
  icons: { GET: [{ path: () => "/icons/icon-192.png" }] },
  sounds: { GET: [{ path: () => "/sounds/alarma-pedido.wav" }] },
  // Unsigned: refused, whoever sends it (docs/decisions/052).
  "mercadopago-webhook": {
    POST: [
      {
        path: (t) => `/i/pagos/mercadopago/${t.storeId}?data.id=123&type=payment`,
        json: () => ({ type: "application/json", body: { type: "payment", data: { id: "123" } } }),
        status: 401,
      },
    ],
  },
  "csp-report": {
    POST: [
      {
        json: () => ({
          type: "application/csp-report",
          body: { "csp-report": { "document-uri": "http://localhost/", "violated-directive": "img-src" } },
        }),
        status: 204,
      },
    ],
  },
  // Without the build's version the router's client is told to reload the page.
  "route-discovery": { GET: [{ path: () => "/__manifest?p=%2F", status: 204 }] },
  "not-found": { GET: [{ path: () => "/no/existe/esta/pagina", status: 404 }] },
};

/** The entry's path with its parameters taken from the target. */
export function addressOf(pattern: string, target: Target): string {
  const values: Record<string, string> = {
    storeId: target.storeId,
    productId: target.productId,
    number: target.orderId,
    orderNumber: target.orderId,
    city: target.cityId,
    cityId: target.cityId,
  };
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`no value for :${name} in ${pattern}: give the request its path`);
    return value;
  });
}

/** The request's body and its content type, if it has one. */
export function bodyOf(request: EntryRequest, target: Target): { body?: BodyInit; type?: string } {
  if (request.multipart) return { body: request.multipart(target) };
  if (request.form) return { body: new URLSearchParams(request.form(target)) };
  if (request.json) {
    const { type, body } = request.json(target);
    return { body: JSON.stringify(body), type };
  }
  return {};
}
