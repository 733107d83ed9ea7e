/**
 * A local stand-in for Mercado Pago (docs/decisions/052): a real HTTP server speaking the endpoints
 * Tianguis calls, with the shapes and status codes Mercado Pago documents — GET /users/me, POST
 * /checkout/preferences, GET /v1/payments/{id}, GET /v1/payments/search, POST
 * /v1/payments/{id}/refunds, POST /oauth/token — and a checkout page at each preference's
 * init_point where a "payer" approves or rejects, which then notifies the preference's
 * notification_url (signed with `x-signature` as Mercado Pago signs) and sends the browser to its
 * back_urls. Tests control it: accounts, what the payer does, webhooks dropped, repeated or forged.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signatureManifest } from "~/domain/payments/signature";

export type StandInAccount = { accessToken: string; nickname: string; webhookSecret: string; userId: number };

export type StandInPayment = {
  id: number;
  status: "approved" | "rejected" | "refunded";
  status_detail: string;
  transaction_amount: number;
  currency_id: "MXN";
  external_reference: string;
  date_approved: string | null;
  date_created: string;
  payment_type_id: "credit_card";
  collector_id: number;
};

type Preference = {
  id: string;
  collectorToken: string;
  body: {
    items: { unit_price: number; quantity: number; title: string }[];
    external_reference: string;
    back_urls: { success: string; failure: string; pending: string };
    notification_url: string;
  };
};

export type Notice = { url: string; headers: Record<string, string>; body: string; status: number | null };

export type MercadoPagoStandIn = Awaited<ReturnType<typeof startMercadoPagoStandIn>>;

export async function startMercadoPagoStandIn() {
  const accounts = new Map<string, StandInAccount>();
  const preferences = new Map<string, Preference>();
  const payments = new Map<number, StandInPayment & { token: string }>();
  const refunds = new Map<string, { id: number; payment_id: number; amount: number; status: "approved" }>();
  const notices: Notice[] = [];
  const calls: string[] = [];
  const control = {
    /** What the next checkouts do with their notification: send it, drop it, or send it this many times. */
    webhooks: 1 as number,
    failRefunds: false,
    /** Preferences answered 500, as while Mercado Pago is down. */
    failPreferences: false,
    /** Who authorizes the operator's application on the OAuth page: that account's code goes back. */
    authorizeAs: null as StandInAccount | null,
  };
  let nextId = 1_300_000_000;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error), status: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const address = new URL(req.url ?? "/", url);
    const path = address.pathname;
    calls.push(`${req.method} ${path}`);
    const body = await readBody(req);
    const account = accountOf(req);
    if (req.method === "GET" && path === "/checkout/v1/redirect") return checkoutPage(res, address);
    if (req.method === "POST" && path === "/checkout/v1/pay") {
      const form = new URLSearchParams(body);
      const paid = await pay(
        form.get("pref_id") ?? "",
        form.get("decision") === "approve" ? "approved" : "rejected",
      );
      return void res.writeHead(302, { Location: paid.redirect }).end();
    }
    if (req.method === "POST" && path === "/oauth/token") return oauthToken(res, JSON.parse(body || "{}"));
    if (req.method === "GET" && path === "/authorization") return authorize(res, address);
    if (!account)
      return json(res, 401, {
        message: "invalid access token",
        error: "unauthorized",
        status: 401,
        cause: [],
      });
    if (req.method === "GET" && path === "/users/me")
      return json(res, 200, {
        id: account.userId,
        nickname: account.nickname,
        site_id: "MLM",
        country_id: "MX",
      });
    if (req.method === "POST" && path === "/checkout/preferences") {
      if (control.failPreferences) return json(res, 500, { message: "internal_error", status: 500 });
      const preference = JSON.parse(body) as Preference["body"];
      const id = `${account.userId}-${randomUUID()}`;
      preferences.set(id, { id, collectorToken: account.accessToken, body: preference });
      const initPoint = `${url}/checkout/v1/redirect?pref_id=${id}`;
      return json(res, 201, {
        ...preference,
        id,
        collector_id: account.userId,
        init_point: initPoint,
        sandbox_init_point: initPoint,
        date_created: new Date().toISOString(),
      });
    }
    if (req.method === "GET" && path === "/v1/payments/search") {
      const reference = address.searchParams.get("external_reference");
      const results = [...payments.values()]
        .filter(
          (payment) => payment.token === account.accessToken && payment.external_reference === reference,
        )
        .map(publicPayment);
      return json(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    }
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (req.method === "POST" && refund) return refundPayment(req, res, account, Number(refund[1]));
    const one = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (req.method === "GET" && one) {
      const payment = payments.get(Number(one[1]));
      if (!payment || payment.token !== account.accessToken)
        return json(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
      return json(res, 200, publicPayment(payment));
    }
    json(res, 404, { message: "resource not found", error: "not_found", status: 404 });
  }

  function accountOf(req: IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    return token ? accounts.get(token) : undefined;
  }

  function checkoutPage(res: ServerResponse, address: URL) {
    const preference = preferences.get(address.searchParams.get("pref_id") ?? "");
    if (!preference)
      return void res.writeHead(404, { "Content-Type": "text/plain" }).end("Preferencia no encontrada");
    const total = amountOf(preference);
    const button = (decision: string, label: string) =>
      `<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${preference.id}">` +
      `<input type="hidden" name="decision" value="${decision}"><button type="submit">${label}</button></form>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Mercado Pago (de prueba)</title></head><body><h1>Mercado Pago (de prueba)</h1>` +
        `<p>${escapeHtml(preference.body.items[0]?.title ?? "")}</p><p>Total: $${total.toFixed(2)}</p>` +
        `${button("approve", "Aprobar pago")}${button("reject", "Rechazar pago")}</body></html>`,
    );
  }

  /** The payer's decision on a preference: the payment, its notification(s), and where the browser goes. */
  async function pay(preferenceId: string, status: "approved" | "rejected", amount?: number) {
    const preference = preferences.get(preferenceId);
    if (!preference) throw new Error(`no preference ${preferenceId}`);
    const account = accounts.get(preference.collectorToken)!;
    const now = new Date().toISOString();
    const payment = {
      id: nextId++,
      status,
      status_detail: status === "approved" ? "accredited" : "cc_rejected_other_reason",
      transaction_amount: amount ?? amountOf(preference),
      currency_id: "MXN" as const,
      external_reference: preference.body.external_reference,
      date_approved: status === "approved" ? now : null,
      date_created: now,
      payment_type_id: "credit_card" as const,
      collector_id: account.userId,
      token: account.accessToken,
    };
    payments.set(payment.id, payment);
    for (let sent = 0; sent < control.webhooks; sent++)
      await notify(preference.body.notification_url, account, payment.id);
    const back = new URL(
      status === "approved" ? preference.body.back_urls.success : preference.body.back_urls.failure,
    );
    for (const [key, value] of Object.entries({
      collection_id: String(payment.id),
      collection_status: status,
      payment_id: String(payment.id),
      status,
      external_reference: payment.external_reference,
      payment_type: "credit_card",
      preference_id: preference.id,
      site_id: "MLM",
      processing_mode: "aggregator",
    }))
      back.searchParams.set(key, value);
    return { payment: publicPayment(payment), redirect: back.toString() };
  }

  /** A notification as Mercado Pago sends it, signed with the account's secret unless told otherwise. */
  async function notify(
    notificationUrl: string,
    account: Pick<StandInAccount, "webhookSecret" | "userId">,
    paymentId: number,
    { secret = account.webhookSecret, ts = Math.floor(Date.now() / 1000), requestId = randomUUID() } = {},
  ): Promise<Notice> {
    const target = new URL(notificationUrl);
    target.searchParams.set("data.id", String(paymentId));
    target.searchParams.set("type", "payment");
    const v1 = createHmac("sha256", secret)
      .update(signatureManifest(String(paymentId), requestId, String(ts)))
      .digest("hex");
    const headers = {
      "Content-Type": "application/json",
      "x-signature": `ts=${ts},v1=${v1}`,
      "x-request-id": requestId,
    };
    const body = JSON.stringify({
      action: "payment.created",
      api_version: "v1",
      data: { id: String(paymentId) },
      date_created: new Date().toISOString(),
      id: nextId++,
      live_mode: false,
      type: "payment",
      user_id: String(account.userId),
    });
    return send({ url: target.toString(), headers, body, status: null });
  }

  async function send(notice: Notice): Promise<Notice> {
    let status: number | null = null;
    try {
      const response = await fetch(notice.url, {
        method: "POST",
        headers: notice.headers,
        body: notice.body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    const sent = { ...notice, status };
    notices.push(sent);
    return sent;
  }

  function refundPayment(req: IncomingMessage, res: ServerResponse, account: StandInAccount, id: number) {
    const payment = payments.get(id);
    if (!payment || payment.token !== account.accessToken)
      return json(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
    if (control.failRefunds)
      return json(res, 400, { message: "Refund not allowed", error: "bad_request", status: 400, cause: [] });
    const key = String(req.headers["x-idempotency-key"] ?? randomUUID());
    const done = refunds.get(key);
    if (done) return json(res, 201, done);
    if (payment.status !== "approved")
      return json(res, 400, {
        message: "Payment not refundable",
        error: "bad_request",
        status: 400,
        cause: [],
      });
    const refund = {
      id: nextId++,
      payment_id: id,
      amount: payment.transaction_amount,
      status: "approved" as const,
    };
    refunds.set(key, refund);
    payment.status = "refunded";
    json(res, 201, { ...refund, date_created: new Date().toISOString(), source: { type: "collector" } });
  }

  /** The seller authorizes at once (as `control.authorizeAs`) and goes back with a code and the state. */
  function authorize(res: ServerResponse, address: URL) {
    const back = address.searchParams.get("redirect_uri");
    if (!control.authorizeAs || !back || address.searchParams.get("response_type") !== "code")
      return json(res, 400, { message: "invalid request", error: "bad_request", status: 400 });
    const target = new URL(back);
    target.searchParams.set("code", `code-${control.authorizeAs.userId}`);
    target.searchParams.set("state", address.searchParams.get("state") ?? "");
    res.writeHead(302, { Location: target.toString() }).end();
  }

  /** Refresh tokens given out, each good once: a refresh gives a new access token and a new refresh token. */
  const refreshTokens = new Map<string, StandInAccount>();

  function oauthToken(res: ServerResponse, grant: Record<string, string>) {
    const refreshed =
      grant.grant_type === "refresh_token" ? refreshTokens.get(grant.refresh_token ?? "") : undefined;
    const account =
      refreshed ??
      (grant.grant_type === "authorization_code"
        ? [...accounts.values()].find((candidate) => `code-${candidate.userId}` === grant.code)
        : undefined);
    if (!account) return json(res, 400, { message: "invalid_grant", error: "invalid_grant", status: 400 });
    if (refreshed) {
      refreshTokens.delete(grant.refresh_token!);
      // The old access token stops working; the account answers to the new one.
      accounts.delete(account.accessToken);
      account.accessToken = `TEST-${account.userId}-${randomUUID()}`;
      accounts.set(account.accessToken, account);
    }
    const refreshToken = `TG-${randomUUID()}`;
    refreshTokens.set(refreshToken, account);
    json(res, 200, {
      access_token: account.accessToken,
      token_type: "bearer",
      expires_in: 15_552_000,
      scope: "offline_access read write",
      user_id: account.userId,
      refresh_token: refreshToken,
      public_key: `APP_USR-${randomUUID()}`,
      live_mode: false,
    });
  }

  return {
    url,
    control,
    notices,
    calls,
    payments,
    preferences,
    /** A seller account: its token works on every endpoint, its secret signs its notifications. */
    addAccount(nickname = "TIENDA_PRUEBA"): StandInAccount {
      const userId = nextId++;
      const account = {
        accessToken: `TEST-${userId}-${randomUUID()}`,
        nickname,
        webhookSecret: randomUUID().replaceAll("-", ""),
        userId,
      };
      accounts.set(account.accessToken, account);
      return account;
    },
    /** The newest preference made for an order. */
    preferenceFor(orderId: string) {
      return [...preferences.values()]
        .reverse()
        .find((preference) => preference.body.external_reference === orderId);
    },
    pay,
    notify,
    /** A notification sent again exactly as it was (a replay). */
    replay: (notice: Notice) => send(notice),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function amountOf(preference: Preference) {
    return preference.body.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
  }
}

function publicPayment({ token: _token, ...payment }: StandInPayment & { token: string }): StandInPayment {
  return payment;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!,
  );
}
