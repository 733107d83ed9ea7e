/**
 * A small DNS server over UDP for tests of stores' own domains, answering like a recursive resolver from a
 * zone the test edits: A, AAAA, CNAME and TXT records; an A/AAAA question for a name with a CNAME
 * gets the CNAME and the target's addresses, as real resolvers answer. A name with no record at all
 * is NXDOMAIN; a name marked `failing` answers SERVFAIL. The app reaches it through DNS_SERVERS.
 */
import dgram from "node:dgram";
import dnsPacket, { type Answer } from "dns-packet";

export type ZoneRecords = {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  TXT?: string[];
  failing?: boolean;
};

const RD_RA = (1 << 8) | (1 << 7);
const NXDOMAIN = 3;
const SERVFAIL = 2;

export type DnsServer = {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** Replaces every record of a name. */
  set: (name: string, records: ZoneRecords) => void;
  /** Removes a name (its questions become NXDOMAIN). */
  remove: (name: string) => void;
  /** How many questions it answered, for a test that must see the DNS really asked. */
  questions: () => number;
  close: () => Promise<void>;
};

export async function startDnsServer(): Promise<DnsServer> {
  const zone = new Map<string, ZoneRecords>();
  const key = (name: string) => name.toLowerCase().replace(/\.$/, "");
  let asked = 0;
  const socket = dgram.createSocket("udp4");

  const answersFor = (name: string, type: string, depth = 0): Answer[] => {
    const records = zone.get(key(name));
    if (!records || depth > 4) return [];
    const base = { name, ttl: 1, class: "IN" as const };
    if (type === "TXT" && records.TXT)
      return records.TXT.map((text) => ({ ...base, type: "TXT", data: text }));
    if (type === "CNAME" && records.CNAME) return [{ ...base, type: "CNAME", data: records.CNAME }];
    if ((type === "A" || type === "AAAA") && records.CNAME) {
      return [{ ...base, type: "CNAME", data: records.CNAME }, ...answersFor(records.CNAME, type, depth + 1)];
    }
    if (type === "A" && records.A) return records.A.map((data) => ({ ...base, type: "A", data }));
    if (type === "AAAA" && records.AAAA) return records.AAAA.map((data) => ({ ...base, type: "AAAA", data }));
    return [];
  };

  socket.on("message", (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    asked++;
    const records = zone.get(key(question.name));
    const rcode = !records ? NXDOMAIN : records.failing ? SERVFAIL : 0;
    const answers = rcode === 0 ? answersFor(question.name, question.type) : [];
    const response = dnsPacket.encode({
      type: "response",
      id: query.id,
      flags: RD_RA | rcode,
      questions: [question],
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    set: (name, records) => zone.set(key(name), records),
    remove: (name) => zone.delete(key(name)),
    questions: () => asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
