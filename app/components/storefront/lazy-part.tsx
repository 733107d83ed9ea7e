import { Component, use, useEffect, useRef, type ComponentType, type ReactNode } from "react";

/**
 * A part of the store page whose code is fetched when a shopper reaches for it (the checkout, Mi
 * Pedido, "Avísame"), so the page's first JavaScript is only what its first screen needs
 * (docs/decisions/003). `prefetch` starts the fetch on intent (a finger or focus on the control that
 * opens it); `Part` renders it, suspending until the code is there. A fetch that fails is tried again:
 * on the next intent when nothing was waiting for it, else when the shopper presses "Reintentar"
 * (`PartBoundary`). Browsers fetch a dynamic import again after a failed one.
 */
export type LazyPart<P> = {
  Part: ComponentType<P>;
  prefetch: () => void;
  /** Drops a failed fetch, so the next render asks again. */
  forget: () => void;
};

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let code: Promise<ComponentType<P>> | undefined;
  // Whether a render waits on `code`: its failure is then shown, and kept until the shopper retries
  // (forgetting it at once would make React render again, fetch again and fail again, in a loop).
  let awaited = false;

  function start() {
    if (code) return code;
    const attempt = load();
    code = attempt;
    awaited = false;
    attempt.catch(() => {
      if (code === attempt && !awaited) code = undefined;
    });
    return attempt;
  }

  function Part(props: P) {
    const pending = start();
    awaited = true;
    const Loaded = use(pending);
    return <Loaded {...props} />;
  }

  return {
    Part,
    prefetch: () => void start(),
    forget: () => {
      code = undefined;
    },
  };
}

/** The words of a part on its way or lost on the way. */
export const PART_WORDS = {
  loading: "Cargando…",
  failed: "No pudimos cargar esta sección. Revisa tu conexión e intenta de nuevo.",
  retry: "Reintentar",
  close: "Cerrar",
} as const;

type BoundaryProps = {
  part: Pick<LazyPart<never>, "forget">;
  /** What the shopper sees instead of the part when its code could not be fetched. */
  failure: (retry: () => void) => ReactNode;
  children: ReactNode;
};

/**
 * Catches a part whose code could not be fetched (the connection dropped) and shows `failure`;
 * its retry fetches the code again and renders the part in place, with everything around it (the
 * cart, what was typed) as it was.
 */
export class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.part.forget();
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.failure(() => this.setState({ failed: false }));
  }
}

const RETRY_BUTTON =
  "rounded-lg bg-[var(--store-primary)] px-4 py-2 font-semibold text-[var(--store-on-primary)]";

/** A tab's panel on its way. */
export function PanelLoading() {
  return (
    <p role="status" className="py-10 text-center">
      {PART_WORDS.loading}
    </p>
  );
}

/** A tab's panel that could not be fetched. */
export function PanelFailure({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="py-10 text-center">
      <p>{PART_WORDS.failed}</p>
      <button type="button" onClick={retry} className={`mt-3 ${RETRY_BUTTON}`}>
        {PART_WORDS.retry}
      </button>
    </div>
  );
}

/**
 * Stands in for a dialog whose code is on its way (`retry` absent) or could not be fetched: a modal
 * of its own, so the tap is answered at once and Esc or "Cerrar" still close it.
 */
export function PartDialog({ retry, onClose }: { retry?: () => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-label={retry ? PART_WORDS.failed : PART_WORDS.loading}
      onClose={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white p-5 text-stone-900 backdrop:bg-[rgb(0_0_0/0.6)]"
    >
      {retry ? (
        <div role="alert" className="space-y-4">
          <p>{PART_WORDS.failed}</p>
          <button type="button" onClick={retry} className={`w-full ${RETRY_BUTTON}`}>
            {PART_WORDS.retry}
          </button>
        </div>
      ) : (
        <p role="status">{PART_WORDS.loading}</p>
      )}
      <button
        type="button"
        onClick={() => dialog.current?.close()}
        className="mt-4 w-full rounded-lg border border-stone-400 px-4 py-2.5 font-semibold"
      >
        {PART_WORDS.close}
      </button>
    </dialog>
  );
}
