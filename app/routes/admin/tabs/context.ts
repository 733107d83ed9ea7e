import type { Executor } from "~/db/client.server";
import type { StoreWithSettings } from "~/domain/stores/store.server";

/** What every tab's loader gets: the database, the owner's store, and the page's address. */
export type TabContext = { db: Executor; store: StoreWithSettings; url: URL };
