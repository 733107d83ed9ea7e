import http from "node:http";

export type HostResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request to the server at 127.0.0.1:`port` naming another `Host`, as a browser on a store's own
 * domain sends it once the name resolves to the server (fetch cannot set `Host`).
 */
export function requestOnHost(
  port: number,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: { Host: host, ...options.headers },
        timeout: 60_000,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer from ${host}${path}`)));
    request.on("error", reject);
    request.end(options.body);
  });
}
