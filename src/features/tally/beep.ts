// The tally's sounds through WebAudio (no sound file to load or cache), with a vibration where the device
// has one: the loud "no" (a low square-wave buzz, a long double shake) and the short "yes" of a label read
// into the lift (a high blip, a short tap).
let context: AudioContext | null = null;

function tone(durationMs: number, frequency: number, type: OscillatorType, volume: number): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    gain.gain.value = volume;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + durationMs / 1000);
  } catch {
    // No audio here (a locked-down browser): the colour still says it.
  }
}

function vibrate(pattern: number[]): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
      navigator.vibrate(pattern);
  } catch {
    // No vibration motor, or not allowed: the sound and the colour say it.
  }
}

export function beep(durationMs = 350, frequency = 180): void {
  tone(durationMs, frequency, 'square', 0.3);
  vibrate([300, 100, 300]);
  if (typeof window !== 'undefined') window.__tallyBeeps = (window.__tallyBeeps ?? 0) + 1;
}

/** The short confirming sound of a label read into the lift. */
export function chime(): void {
  tone(90, 1320, 'sine', 0.25);
  vibrate([60]);
  if (typeof window !== 'undefined') window.__tallyChimes = (window.__tallyChimes ?? 0) + 1;
}

declare global {
  interface Window {
    /** Refusal sounds played (browser tests read it). */
    __tallyBeeps?: number;
    /** Confirming sounds of scanned labels played (browser tests read it). */
    __tallyChimes?: number;
  }
}
