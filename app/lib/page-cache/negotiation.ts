/** How a cached page is chosen for a request: its encoding, and whether the client has it already. */

/**
 * br, then gzip, as the request's Accept-Encoding allows (q=0 refuses); `brotli: false` for a page
 * kept in gzip only.
 */
export function preferredEncoding(accept: string, { brotli = true } = {}): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (brotli && quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
export function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}
