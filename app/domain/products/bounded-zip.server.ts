/**
 * Unpacking a ZIP someone uploaded (the photos' ZIP, or an .xlsx, which is one) within hard limits
 * (docs/decisions/035, 050): at most MAX_ZIP_ENTRIES files and MAX_UNZIPPED_BYTES unpacked, counted
 * as the bytes come out (a header may lie about sizes), fed 16 KB at a time so that a bomb never
 * inflates much past the limit, and only the entries the caller asks for are inflated at all.
 * The work gives the event loop back every few milliseconds: a file being unpacked never keeps
 * the process's other requests waiting.
 */
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { Unzip, UnzipInflate } from "fflate";
import type { AppError } from "~/lib/errors";

/** What a ZIP (photos, or the XLSX itself) may hold once unpacked, in files and in bytes. */
export const MAX_ZIP_ENTRIES = 5_000;
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

/** Receives an entry's bytes as they come out; "stop" ends the walk early (nothing more needed). */
export type EntryReader = (chunk: Uint8Array, final: boolean) => void | "stop";

export type ZipFailures = {
  /** The ZIP is not one, or is damaged. */
  unreadable: () => AppError;
  /** Too many entries, or too many bytes once unpacked. */
  bomb: () => AppError;
};

const STEP = 16 * 1024;
/** The longest the walk keeps the event loop before it lets other work run. */
const SLICE_MS = 10;

/**
 * Walks the ZIP's entries in their order. `pick` names the reader of an entry, or null to skip it
 * (its bytes are never inflated). A reader that throws ends the walk with its error.
 */
export async function walkZip(
  bytes: Uint8Array,
  pick: (name: string) => EntryReader | null,
  failures: ZipFailures,
): Promise<void> {
  let entries = 0;
  let total = 0;
  let failure: unknown = null;
  let stopped = false;
  const unzip = new Unzip((file) => {
    if (failure !== null || stopped) return;
    entries += 1;
    if (entries > MAX_ZIP_ENTRIES || (file.originalSize ?? 0) > MAX_UNZIPPED_BYTES) {
      failure = failures.bomb();
      return;
    }
    const read = pick(file.name);
    if (!read) return;
    file.ondata = (error, chunk, final) => {
      if (failure !== null || stopped) return;
      if (error) {
        failure = failures.unreadable();
        return;
      }
      total += chunk.byteLength;
      if (total > MAX_UNZIPPED_BYTES) {
        failure = failures.bomb();
        file.terminate();
        return;
      }
      try {
        if (read(chunk, final) === "stop") stopped = true;
      } catch (error) {
        failure = error;
      }
      if (failure !== null || stopped) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let slice = performance.now();
  try {
    for (let offset = 0; offset < bytes.byteLength && failure === null && !stopped; offset += STEP) {
      unzip.push(bytes.subarray(offset, offset + STEP), offset + STEP >= bytes.byteLength);
      if (performance.now() - slice > SLICE_MS) {
        await yieldToOthers();
        slice = performance.now();
      }
    }
  } catch {
    failure ??= failures.unreadable();
  }
  if (failure !== null) throw failure;
}
