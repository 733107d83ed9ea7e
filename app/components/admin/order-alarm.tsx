import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

export const ALARM_SOUND_URL = "/sounds/alarma-pedido.wav";
const MUTE_KEY = "tianguis:alarma-silenciada";
const PANEL_TITLE = "Panel de Administración · Tianguis";
const VIBRATION: number[] = [400, 200, 400];
const VIBRATE_EVERY_MS = 3_000;

type Sound = "locked" | "on" | "muted";

function orderCount(count: number) {
  return count === 1 ? "1 orden nueva sin ver" : `${count} órdenes nuevas sin ver`;
}

/**
 * The open panel's alarm: while a pending order is not marked "Visto" (on the server, so a reload
 * keeps ringing) a tone repeats, the phone vibrates where it can, and the count stays in the tab
 * title. Browsers only play sound after a tap on the page: until then a banner says the sound is
 * off and offers to turn it on; any tap on the panel does it too. The owner can mute the alarm on
 * this device (the count and the banner stay).
 */
export function OrderAlarm({ unseen }: { unseen: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [muted, setMuted] = useState(false);
  const sound: Sound = muted ? "muted" : unlocked ? "on" : "locked";
  const ringing = unseen > 0 && !muted;

  useEffect(() => {
    setMuted(window.localStorage.getItem(MUTE_KEY) === "1");
  }, []);

  // The first tap or key on the panel unlocks sound for the rest of the visit. On the tap's
  // click, not its press: unlocking removes the banner above the panel, and removed between the
  // finger's press and its release it would move the button under the finger — the tap would be
  // lost. The press's user activation still allows the sound when the click comes.
  useEffect(() => {
    if (unlocked) return;
    const unlock = () => void unlockAudio(audio.current).then((ok) => ok && setUnlocked(true));
    document.addEventListener("click", unlock, true);
    document.addEventListener("keydown", unlock, true);
    return () => {
      document.removeEventListener("click", unlock, true);
      document.removeEventListener("keydown", unlock, true);
    };
  }, [unlocked]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (!ringing) {
      element.pause();
      element.currentTime = 0;
      navigator.vibrate?.(0);
      return;
    }
    // Where the browser already allows sound (an earlier visit, an installed app) it just plays.
    element.play().then(
      () => setUnlocked(true),
      () => {},
    );
    // Vibration, like sound, needs a tap on the page first.
    if (!unlocked) return;
    navigator.vibrate?.(VIBRATION);
    const vibrating = window.setInterval(() => navigator.vibrate?.(VIBRATION), VIBRATE_EVERY_MS);
    return () => window.clearInterval(vibrating);
  }, [ringing, unlocked]);

  useEffect(() => {
    document.title = unseen > 0 ? `(${unseen}) ${PANEL_TITLE}` : PANEL_TITLE;
  }, [unseen]);

  function toggleMute() {
    const next = !muted;
    window.localStorage.setItem(MUTE_KEY, next ? "1" : "0");
    setMuted(next);
  }

  return (
    <div className="mt-4 space-y-2" data-alarm={ringing ? "ringing" : "quiet"} data-sound={sound}>
      <audio ref={audio} src={ALARM_SOUND_URL} loop preload="auto" data-testid="alarma-ordenes" />
      {sound === "locked" ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
          <p className="text-sm font-medium">
            El sonido de las alertas está apagado: el navegador lo permite después de tocar la página.
          </p>
          <button
            type="button"
            onClick={() => void unlockAudio(audio.current).then((ok) => ok && setUnlocked(true))}
            className="rounded-lg bg-amber-700 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-800"
          >
            Activar sonido
          </button>
        </div>
      ) : null}
      {unseen > 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-red-950 ring-2 ring-red-400"
        >
          <p className="font-semibold">
            <span aria-hidden="true">🔔 </span>
            {orderCount(unseen)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link
              to="?tab=ordenes_pendientes"
              preventScrollReset
              className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              Ver órdenes
            </Link>
            <MuteButton muted={muted} onToggle={toggleMute} />
          </div>
        </div>
      ) : (
        <div className="flex justify-end">
          <MuteButton muted={muted} onToggle={toggleMute} />
        </div>
      )}
    </div>
  );
}

function MuteButton({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={muted}
      onClick={onToggle}
      className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
    >
      {muted ? "Alarma silenciada · activar" : "Silenciar alarma"}
    </button>
  );
}

/** Plays the element silently once, inside a user gesture, so later plays are allowed. */
async function unlockAudio(element: HTMLAudioElement | null): Promise<boolean> {
  if (!element) return false;
  if (!element.paused) return true;
  element.muted = true;
  try {
    await element.play();
    element.pause();
    element.currentTime = 0;
    return true;
  } catch {
    return false;
  } finally {
    element.muted = false;
  }
}
