/**
 * Mercado Pago's REST API, called directly with fetch (docs/decisions/052): the base URL is
 * MERCADOPAGO_API_URL, so the tests point it at a local stand-in (tests/support/mercadopago.ts),
 * which the `mercadopago` SDK does not allow. Every call has a time-out; an answer other than 2xx
 * is a `ProviderError` carrying its status, for the caller to say in Spanish.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** A payment as GET /v1/payments/{id} answers it (the fields used here). */
export type MercadoPagoPayment = {
  id: number | string;
  status: string;
  status_detail?: string;
  transaction_amount: number;
  currency_id?: string;
  external_reference: string | null;
  date_approved?: string | null;
};

export type PreferenceItem = {
  id: string;
  title: string;
  quantity: number;
  unit_price: number;
  currency_id: "MXN";
};

export type NewPreference = {
  items: PreferenceItem[];
  external_reference: string;
  back_urls: { success: string; failure: string; pending: string };
  auto_return: "approved";
  notification_url: string;
  expires: true;
  expiration_date_to: string;
  statement_descriptor?: string;
};

export type OAuthGrant =
  | { grant_type: "authorization_code"; code: string; redirect_uri: string }
  | { grant_type: "refresh_token"; refresh_token: string };

export type OAuthToken = {
  access_token: string;
  refresh_token?: string;
  public_key?: string;
  user_id: number | string;
  expires_in?: number;
};

export type MercadoPagoClient = ReturnType<typeof mercadoPagoClient>;

type Call = {
  token?: string;
  body?: unknown;
  idempotencyKey?: string;
};

export function mercadoPagoClient({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) {
  const root = baseUrl.replace(/\/$/, "");

  async function call<T>(method: "GET" | "POST", path: string, { token, body, idempotencyKey }: Call = {}) {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["X-Idempotency-Key"] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Mercado Pago ${method} ${path} failed: ${String(error)}`, null);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (!response.ok)
      throw new ProviderError(
        `Mercado Pago ${method} ${path} answered ${response.status}`,
        response.status,
        parsed,
      );
    return parsed as T;
  }

  return {
    /** Whose token this is: checks credentials before they are saved. */
    me: (token: string) => call<{ id: number | string; nickname: string }>("GET", "/users/me", { token }),
    createPreference: (token: string, preference: NewPreference) =>
      call<{ id: string; init_point: string }>("POST", "/checkout/preferences", { token, body: preference }),
    payment: (token: string, id: string) =>
      call<MercadoPagoPayment>("GET", `/v1/payments/${encodeURIComponent(id)}`, { token }),
    searchPayments: (token: string, externalReference: string) =>
      call<{ results: MercadoPagoPayment[] }>(
        "GET",
        `/v1/payments/search?external_reference=${encodeURIComponent(externalReference)}&sort=date_created&criteria=desc`,
        { token },
      ),
    refund: (token: string, id: string, idempotencyKey: string) =>
      call<{ id: number | string; status: string }>(
        "POST",
        `/v1/payments/${encodeURIComponent(id)}/refunds`,
        {
          token,
          body: {},
          idempotencyKey,
        },
      ),
    oauthToken: (client: { client_id: string; client_secret: string }, grant: OAuthGrant) =>
      call<OAuthToken>("POST", "/oauth/token", { body: { ...client, ...grant } }),
  };
}
