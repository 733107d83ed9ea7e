import { useEffect, useState } from "react";
import {
  parseTicketPaper,
  rememberPrinted,
  ticketFailure,
  TICKET_PAPERS,
  TICKET_WORDS,
  ticketPath,
  type TicketFailure,
  type TicketPaper,
} from "~/domain/orders/kitchen-ticket";

/** This device's choices: printing on or off, the roll, and the orders it already printed. */
const AUTO_PRINT_KEY = "tianguis.ticket.auto";
const PAPER_KEY = "tianguis.ticket.papel";
const PRINTED_KEY = "tianguis.ticket.impresos";

function readPrinted(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PRINTED_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function writePrinted(printed: string[]) {
  window.localStorage.setItem(PRINTED_KEY, JSON.stringify(printed));
}

/** The roll this device prints on (80 mm until the owner picks another). */
export function useTicketPaper(): [TicketPaper, (paper: TicketPaper) => void] {
  const [paper, setPaper] = useState<TicketPaper>(80);
  useEffect(() => setPaper(parseTicketPaper(window.localStorage.getItem(PAPER_KEY))), []);
  return [
    paper,
    (next) => {
      window.localStorage.setItem(PAPER_KEY, String(next));
      setPaper(next);
    },
  ];
}

/**
 * One at a time across this device's tabs (a Web Lock where the browser has them), so two open
 * panels never print the same order: the check and the mark happen inside it.
 */
function exclusively(work: () => void) {
  if (navigator.locks) void navigator.locks.request("tianguis-ticket-auto", async () => work());
  else work();
}

/**
 * Prints the ticket page out of sight: the page opens the print dialog once it is ready. Our
 * headers let the panel frame the ticket and nothing else (app/lib/csp.ts); a frame that shows no
 * ticket (refused, the session ended, no connection) is reported with its cause.
 */
function printOutOfSight(
  orderNumber: string,
  paper: TicketPaper,
  onFailed: (orderNumber: string, failure: TicketFailure) => void,
) {
  const frame = document.createElement("iframe");
  frame.title = TICKET_WORDS.title(orderNumber);
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.style.cssText = "position:fixed;width:0;height:0;border:0;visibility:hidden";
  frame.dataset.ticketPrint = orderNumber;
  frame.addEventListener("load", () => {
    // A frame the browser refused, or that got another page, shows no ticket (nor lets us read it).
    if (!frame.contentDocument?.querySelector("[data-ticket]")) {
      void whyNoTicket(orderNumber, paper).then((failure) => onFailed(orderNumber, failure));
    }
    // Long enough for the print dialog to have taken the page.
    window.setTimeout(() => frame.remove(), 120_000);
  });
  frame.src = ticketPath(orderNumber, paper, true);
  document.body.append(frame);
}

/** Asks for the ticket again, as a script, and reads the cause from the answer (`ticketFailure`). */
async function whyNoTicket(orderNumber: string, paper: TicketPaper): Promise<TicketFailure> {
  try {
    const answer = await fetch(ticketPath(orderNumber, paper), {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    return ticketFailure(answer.status);
  } catch {
    return ticketFailure(null);
  }
}

/**
 * "Imprimir automáticamente los pedidos nuevos", for the pending orders tab: on this device, each
 * order that arrives while it is on is printed once, and never again after a reload (the printed
 * numbers are kept in this browser). Switching it on prints nothing already waiting: those have
 * their own button.
 */
export function KitchenPrinting({
  orderNumbers,
  paper,
  onPaper,
}: {
  orderNumbers: string[];
  paper: TicketPaper;
  onPaper: (paper: TicketPaper) => void;
}) {
  const [enabled, setEnabled] = useState(false);
  // The orders whose ticket did not reach the print dialog, each with its cause, oldest first.
  const [failures, setFailures] = useState<{ orderNumber: string; failure: TicketFailure }[]>([]);
  useEffect(() => setEnabled(window.localStorage.getItem(AUTO_PRINT_KEY) === "1"), []);

  // The list as one value: a new render with the same orders is no reason to look again.
  const waiting = orderNumbers.join("\n");
  useEffect(() => {
    if (!enabled || waiting === "") return;
    exclusively(() => {
      let printed = readPrinted();
      for (const number of waiting.split("\n")) {
        if (printed.includes(number)) continue;
        printOutOfSight(number, paper, (orderNumber, failure) =>
          setFailures((shown) => [
            ...shown.filter((f) => f.orderNumber !== orderNumber),
            { orderNumber, failure },
          ]),
        );
        printed = rememberPrinted(printed, number);
      }
      writePrinted(printed);
    });
  }, [enabled, waiting, paper]);

  function toggle(on: boolean) {
    if (on) writePrinted(orderNumbers.reduce(rememberPrinted, readPrinted()));
    window.localStorage.setItem(AUTO_PRINT_KEY, on ? "1" : "0");
    setFailures([]);
    setEnabled(on);
  }

  return (
    <div className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
      <label className="flex items-start gap-3 font-medium">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-orange-600"
          checked={enabled}
          onChange={(event) => toggle(event.target.checked)}
          aria-describedby="auto-print-hint"
        />
        <span>{TICKET_WORDS.autoPrint}</span>
      </label>
      <p id="auto-print-hint" className="text-sm text-stone-700">
        {TICKET_WORDS.autoPrintHint}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <span className="font-medium">{TICKET_WORDS.paper}</span>
        <select
          className="rounded-md border border-stone-400 bg-white px-2 py-1.5"
          value={paper}
          onChange={(event) => onPaper(parseTicketPaper(event.target.value))}
        >
          {TICKET_PAPERS.map((size) => (
            <option key={size} value={size}>
              {TICKET_WORDS.paperOption(size)}
            </option>
          ))}
        </select>
      </label>
      <div role="alert" className="space-y-1 text-sm font-medium text-red-800 empty:hidden">
        {failures.map(({ orderNumber, failure }) => (
          <p key={orderNumber}>{TICKET_WORDS.autoPrintFailed(orderNumber, failure)}</p>
        ))}
      </div>
    </div>
  );
}
