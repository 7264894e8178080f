/**
 * The dispatch board's "new booking" sound: a short two-note chime made with the Web Audio API
 * (no audio file to download). Browsers keep audio muted until the page has had a user gesture,
 * so `unlockChime()` is called from a click (the board's sound switch); before that, or where
 * Web Audio is missing, `playChime()` does nothing and never throws.
 */
type AudioContextConstructor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor: AudioContextConstructor | undefined =
    typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext);
  if (!Constructor) return null;
  try {
    context = new Constructor();
  } catch {
    return null;
  }
  return context;
}

/** Creates or resumes the audio context from inside a user gesture, so later chimes can play. */
export function unlockChime(): void {
  const ctx = audioContext();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

/** Plays two short sine notes (A5 then E6), about a third of a second in all. */
export function playChime(): void {
  const ctx = audioContext();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    [880, 1319].forEach((frequency, index) => {
      const at = start + index * 0.16;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.16);
    });
  } catch {
    // sound is a courtesy; the toast still tells the dispatcher
  }
}
