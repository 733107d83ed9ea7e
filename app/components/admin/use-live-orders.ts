import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export const ORDERS_STREAM_URL = "/i/admin/orders/stream";
export type LiveConnection = "connecting" | "open" | "closed";

/** A short two-tone beep with WebAudio (no sound file to download). */
function beep() {
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const audio = new AudioContextClass();
    const gain = audio.createGain();
    gain.gain.value = 0.15;
    gain.connect(audio.destination);
    [880, 1320].forEach((frequency, i) => {
      const oscillator = audio.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(audio.currentTime + i * 0.18);
      oscillator.stop(audio.currentTime + i * 0.18 + 0.15);
    });
    setTimeout(() => audio.close().catch(() => {}), 1000);
  } catch {
    // Sound is a nicety; a browser that refuses it (autoplay rules) still shows the order.
  }
}

/**
 * Listens to the store's order events while the panel is open: a new or changed order reloads
 * the panel's data; a new one also beeps and counts in the tab title until the owner looks.
 */
export function useLiveOrders(enabled: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [unseen, setUnseen] = useState(0);
  const [connection, setConnection] = useState<LiveConnection>("connecting");

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(ORDERS_STREAM_URL);
    const onCreated = () => {
      setUnseen((count) => count + 1);
      beep();
      revalidate.current();
    };
    const onUpdated = () => revalidate.current();
    source.addEventListener("order.created", onCreated);
    source.addEventListener("order.updated", onUpdated);
    // After a reconnection, catch up on whatever happened while the stream was down.
    let opened = false;
    source.addEventListener("open", () => {
      if (opened) revalidate.current();
      opened = true;
      setConnection("open");
    });
    // EventSource retries by itself; meanwhile the panel says it is reconnecting.
    source.addEventListener("error", () =>
      setConnection(source.readyState === EventSource.CLOSED ? "closed" : "connecting"),
    );
    return () => source.close();
  }, [enabled]);

  useEffect(() => {
    const reset = () => {
      if (document.visibilityState === "visible" && document.hasFocus()) setUnseen(0);
    };
    window.addEventListener("focus", reset);
    document.addEventListener("visibilitychange", reset);
    window.addEventListener("pointerdown", reset);
    return () => {
      window.removeEventListener("focus", reset);
      document.removeEventListener("visibilitychange", reset);
      window.removeEventListener("pointerdown", reset);
    };
  }, []);

  useEffect(() => {
    const base = "Panel de Administración · Tianguis";
    document.title = unseen > 0 ? `(${unseen}) ${base}` : base;
  }, [unseen]);

  return { unseen, connection };
}
