import type { Executor } from "~/db/client.server";
import type { ReadDatabase } from "~/db/read-database.server";
import type { StoreWithSettings } from "~/domain/stores/store.server";
import type { StoreRole } from "~/domain/team/team-roles";

/**
 * What every tab's loader gets: the database, the store, who is looking (their role), and the page's
 * address; and `recentReads` for figures the read replica may answer (`recentReads`,
 * app/lib/public-reads.server.ts).
 */
export type TabContext = {
  db: Executor;
  store: StoreWithSettings;
  role: StoreRole;
  url: URL;
  recentReads: <T>(read: (db: ReadDatabase) => Promise<T>) => Promise<T>;
  /** The operator set up a Mercado Pago application: owners may link their account by OAuth. */
  canLinkByOAuth?: boolean;
};
