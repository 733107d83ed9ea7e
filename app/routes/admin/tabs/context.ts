import type { Executor } from "~/db/client.server";
import type { StoreWithSettings } from "~/domain/stores/store.server";
import type { StoreRole } from "~/domain/team/team-roles";

/** What every tab's loader gets: the database, the store, who is looking (their role), and the page's address. */
export type TabContext = { db: Executor; store: StoreWithSettings; role: StoreRole; url: URL };
