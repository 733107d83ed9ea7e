import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

export const ALARM_SOUND_URL = "/sounds/alarma-pedido.wav";
const MUTE_KEY = "tianguis:alarma-silenciada";
const PANEL_TITLE = "Panel de Administración · Tianguis";
const VIBRATION: number[] = [400, 200, 400];
const VIBRATE_EVERY_MS = 3_000;

type Sound = "locked" | "on" | "muted";

const SOUND_TEXT: Record<Sound, string> = {
  locked: "El sonido de las alertas está apagado hasta que toques la página.",
  on: "Alertas de pedidos con sonido.",
  muted: "Alertas de pedidos sin sonido en este dispositivo.",
};

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
      // Only a phone that was tapped can have been vibrating; before a tap the browser refuses
      // any call to vibrate (and says so in the console).
      if (unlocked) navigator.vibrate?.(0);
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

  // A row of the panel's strip (app/routes/admin.tsx): one line of words and its buttons beside.
  return (
    <div className="space-y-2 px-3 py-2" data-alarm={ringing ? "ringing" : "quiet"} data-sound={sound}>
      <audio ref={audio} src={ALARM_SOUND_URL} loop preload="auto" data-testid="alarma-ordenes" />
      {unseen > 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-2 text-red-950 ring-2 ring-red-400"
        >
          <p className="font-semibold">
            <span aria-hidden="true">🔔 </span>
            {orderCount(unseen)}
          </p>
          <Link
            to="?tab=ordenes_pendientes"
            preventScrollReset
            className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
          >
            Ver órdenes
          </Link>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <p className={sound === "locked" ? "font-medium text-amber-950" : "text-stone-700"}>
          {SOUND_TEXT[sound]}
        </p>
        <div className="flex flex-wrap gap-2">
          {sound === "locked" ? (
            <button
              type="button"
              onClick={() => void unlockAudio(audio.current).then((ok) => ok && setUnlocked(true))}
              className="rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800"
            >
              Activar sonido
            </button>
          ) : null}
          <MuteButton muted={muted} onToggle={toggleMute} />
        </div>
      </div>
    </div>
  );
}

function MuteButton({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={muted}
      onClick={onToggle}
      className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
    >
      {muted ? "Alarma silenciada · activar" : "Silenciar alarma"}
    </button>
  );
}

/** Unlocks under way, by element: a tap reaches both the panel's listener and the button's. */
const unlocking = new WeakMap<HTMLAudioElement, Promise<boolean>>();

/**
 * Plays the element silently once, inside a user gesture, so later plays are allowed. A second
 * call while one is under way waits for it: answered at once (the element is playing, muted), it
 * would let the alarm start its tone before the first call's pause, which would then silence it.
 */
function unlockAudio(element: HTMLAudioElement | null): Promise<boolean> {
  if (!element) return Promise.resolve(false);
  const underway = unlocking.get(element);
  if (underway) return underway;
  if (!element.paused) return Promise.resolve(true);
  const unlocked = (async () => {
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
      unlocking.delete(element);
    }
  })();
  unlocking.set(element, unlocked);
  return unlocked;
}
