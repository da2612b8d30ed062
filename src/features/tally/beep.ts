// The loud "no": a low square-wave buzz through WebAudio (no sound file to load or cache).
let context: AudioContext | null = null;

export function beep(durationMs = 350, frequency = 180): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.3;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + durationMs / 1000);
  } catch {
    // No audio here (a locked-down browser): the red colour still says it.
  }
  if (typeof window !== 'undefined') window.__tallyBeeps = (window.__tallyBeeps ?? 0) + 1;
}

declare global {
  interface Window {
    /** Refusal sounds played (browser tests read it). */
    __tallyBeeps?: number;
  }
}
