// Continuous scanning reads a label once while it stays in front of the camera. The camera sees it in
// frame after frame: a label is passed on when it comes into view, not again while it stays (seen in the
// last IN_VIEW_MS), nor when it comes back right after being the last one read (within AGAIN_MS, no other
// label between: a hand that shook). Shown again later, it is passed on, and the tally says loudly that
// it is already in the lift or validated.

export const IN_VIEW_MS = 1500;
export const AGAIN_MS = 4000;

export class RepeatGate {
  private readonly lastSeen = new Map<string, number>();
  private last: string | null = null;

  /** The texts of one frame that are new reads, in the order seen. */
  pass(texts: readonly string[], now: number): string[] {
    const fresh: string[] = [];
    for (const text of new Set(texts)) {
      if (!text) continue;
      const seen = this.lastSeen.get(text);
      this.lastSeen.set(text, now);
      if (seen !== undefined && now - seen < IN_VIEW_MS) continue;
      if (seen !== undefined && text === this.last && now - seen < AGAIN_MS) continue;
      fresh.push(text);
      this.last = text;
    }
    for (const [text, at] of this.lastSeen) if (now - at > AGAIN_MS) this.lastSeen.delete(text);
    return fresh;
  }

  /** Forgets what was read (the camera closed and opened again). */
  reset(): void {
    this.lastSeen.clear();
    this.last = null;
  }
}
