/**
 * The signed-in pending-orders tab, kept rendered for each session (docs/decisions/037). An owner's
 * phone reloads `/i/admin?tab=ordenes_pendientes` all day; each reload used to render the whole
 * panel again. The page is kept per Cookie header and served again only while one indexed query,
 * the panel's fingerprint, reads the same as when it was rendered:
 *
 * - the session (still there, not expired) and the user it belongs to (e-mail, role, ban);
 * - the store the user works in and their role there (the same first row `findStoreRole` reads);
 * - the store's `page_versions` row (its settings, domain and plan: migration 0012's triggers);
 * - the store's newest order change, the live stream's starting point the page carries;
 * - every pending order's id and row version (`xmin`): a new order, a step, "Visto", an erasure.
 *
 * A render lasts to the end of its minute at most, as the public pages' do (times and pauses move
 * with the clock). Anything else — another tab, another query, two session cookies, a response
 * that sets a cookie — is rendered for its request as before.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type pg from "pg";
import { entryPoint } from "~/lib/entry-points";

/** The pending tab of the panel, whose entry point the page cache may keep per session. */
const PANEL = entryPoint("admin");
const PANEL_URL = PANEL.pageCache === "per-session" ? `${PANEL.path}?tab=ordenes_pendientes` : null;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?tianguis\.session_token=([^;]*)/g;
/** The name the fingerprint is prepared under on each connection of a pool that keeps its sessions. */
const FINGERPRINT_STATEMENT = "tianguis-panel-fingerprint";

/** Everything the pending tab is rendered from, as one text; null for a session that is not there. */
const FINGERPRINT_SQL = `
with s as (
  select id, user_id, expires_at, impersonated_by from auth_session
  where token = $1 and expires_at > now()
), m as (
  (select store_id, 'owner' as role from store_owners where user_id = (select user_id from s))
  union all
  (select store_id, role from store_members where user_id = (select user_id from s))
  limit 1
)
select json_build_array(
  (select row_to_json(s) from s),
  (select json_build_array(u.email, u.name, u.role, u.banned, u.ban_expires) from auth_user u
    where u.id = (select user_id from s)),
  (select row_to_json(m) from m),
  (select version from page_versions where scope = 'store:' || (select store_id from m)),
  (select max(id) from order_changes where store_id = (select store_id from m)),
  (select json_agg(json_build_array(o.id, o.xmin::text) order by o.id) from orders o
    where o.store_id = (select store_id from m) and o.status = 'pending')
)::text as fingerprint, exists (select 1 from s) as signed_in`;

/**
 * The pending tab asked for with exactly one session cookie: its key in the cache (the whole
 * Cookie header and the host, hashed) and the session's token. Null for any other request.
 */
export function panelRequest(req: IncomingMessage): { key: string; token: string } | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || PANEL_URL === null || req.url !== PANEL_URL)
    return null;
  const cookie = req.headers.cookie ?? "";
  const sessions = [...cookie.matchAll(SESSION_COOKIE)];
  if (sessions.length !== 1) return null;
  let value: string;
  try {
    value = decodeURIComponent(sessions[0]![1]!);
  } catch {
    return null;
  }
  // better-auth's cookie is "<token>.<signature>"; the render checked the signature.
  const dot = value.indexOf(".");
  if (dot <= 0) return null;
  const key = createHash("sha256")
    .update(`${req.headers.host ?? ""}\n${cookie}`)
    .digest("base64url");
  return { key: `panel:${key}`, token: value.slice(0, dot) };
}

/** Reads the fingerprint of a session's pending tab (null: no such session, or expired). */
export function createPanelFingerprintReader(pool: pg.Pool) {
  return async (token: string): Promise<string | null> => {
    const { rows } = await pool.query<{ fingerprint: string; signed_in: boolean }>({
      name: FINGERPRINT_STATEMENT,
      text: FINGERPRINT_SQL,
      values: [token],
    });
    return rows[0]?.signed_in ? rows[0].fingerprint : null;
  };
}

export type PanelFingerprintReader = ReturnType<typeof createPanelFingerprintReader>;

/** Private answers: the browser asks again each time, and nothing on the way keeps them. */
export const PANEL_CACHE_CONTROL = "private, no-store";

export type PanelAnswer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
