import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { BellIcon, BellOffIcon } from "~/components/icons";

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
 * title. Browsers only play sound after a tap on the page: until then the sound control offers to
 * turn it on; any tap on the panel does it too. The owner can mute the alarm on this device (the
 * count and the alert stay). The panel's strip (`panel-strip.tsx`) shows the parts: the sound
 * control, the unseen orders' alert and the sound's sentence.
 */
export function useOrderAlarm(unseen: number) {
  const audio = useRef<HTMLAudioElement>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [muted, setMuted] = useState(false);
  const sound: Sound = muted ? "muted" : unlocked ? "on" : "locked";
  const ringing = unseen > 0 && !muted;

  useEffect(() => {
    setMuted(window.localStorage.getItem(MUTE_KEY) === "1");
  }, []);

  // The first tap or key on the panel unlocks sound for the rest of the visit. On the tap's
  // click, not its press: were unlocking to change what is under the finger between the press
  // and its release, the tap would be lost. The press's user activation still allows the sound
  // when the click comes.
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
  const turnOn = () => void unlockAudio(audio.current).then((ok) => ok && setUnlocked(true));

  return {
    /** The tone's element (`AlarmAudio` renders it). */
    audio,
    sound,
    ringing,
    toggleMute,
    turnOn,
    /** The state on the strip's element, for whoever reads the page (and the browser tests). */
    dataset: { "data-alarm": ringing ? "ringing" : "quiet", "data-sound": sound },
  };
}

export type OrderAlarmState = ReturnType<typeof useOrderAlarm>;

/** The looping tone's element. */
export function AlarmAudio({ alarm }: { alarm: OrderAlarmState }) {
  return <audio ref={alarm.audio} src={ALARM_SOUND_URL} loop preload="auto" data-testid="alarma-ordenes" />;
}

/** What the sound does now, in a sentence. */
export function soundSentence(alarm: OrderAlarmState) {
  return SOUND_TEXT[alarm.sound];
}

/**
 * The alarm's one control, sized for a corner of the strip: turn the sound on while the browser
 * keeps it off, then mute or unmute it on this device. On a phone the mute's words are short; the
 * accessible name is always the whole one.
 */
export function SoundControl({ alarm }: { alarm: OrderAlarmState }) {
  const base =
    "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap";
  if (alarm.sound === "locked") {
    return (
      <button
        type="button"
        onClick={alarm.turnOn}
        title={SOUND_TEXT.locked}
        className={`${base} bg-amber-700 text-white hover:bg-amber-800`}
      >
        <BellOffIcon className="h-4 w-4" />
        Activar sonido
      </button>
    );
  }
  const muted = alarm.sound === "muted";
  const name = muted ? "Alarma silenciada · activar" : "Silenciar alarma";
  return (
    <button
      type="button"
      aria-pressed={muted}
      aria-label={name}
      onClick={alarm.toggleMute}
      className={`${base} border border-stone-300 bg-white font-medium text-stone-800 hover:bg-stone-50 aria-pressed:border-amber-500 aria-pressed:bg-amber-50 aria-pressed:text-amber-950`}
    >
      {muted ? <BellOffIcon className="h-4 w-4" /> : <BellIcon className="h-4 w-4" />}
      <span className="sm:hidden">{muted ? "Silenciada" : "Silenciar"}</span>
      <span className="hidden sm:inline">{name}</span>
    </button>
  );
}

/** "2 órdenes nuevas sin ver", and the way to them: a row of the strip while any rings. */
export function UnseenOrdersAlert({ unseen }: { unseen: number }) {
  if (unseen === 0) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-b-xl bg-red-50 py-1 pr-1.5 pl-3 text-[13px] text-red-950 sm:text-sm"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <BellIcon className="h-4 w-4" />
        {orderCount(unseen)}
      </p>
      <Link
        to="?tab=ordenes_pendientes"
        preventScrollReset
        className="rounded-lg bg-red-700 px-2.5 py-1.5 font-semibold whitespace-nowrap text-white hover:bg-red-800"
      >
        Ver órdenes
      </Link>
    </div>
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
