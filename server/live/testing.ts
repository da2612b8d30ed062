// Reading a live stream in tests: the events as they come, each awaited with a deadline.
interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface LiveStream {
  response: Response;
  /** The next event (comments skipped) within `ms`, or an error. */
  next(ms?: number): Promise<LiveEvent>;
  /** Every event that comes within `ms`. */
  drain(ms: number): Promise<LiveEvent[]>;
  close(): void;
}

export async function openLive(
  baseUrl: string,
  token: string | null,
  scopes: string[],
  headers: Record<string, string> = {},
): Promise<LiveStream> {
  const controller = new AbortController();
  const query = scopes.map((scope) => `scope=${encodeURIComponent(scope)}`).join('&');
  const response = await fetch(`${baseUrl}/api/sync/live/?${query}`, {
    headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters: Array<() => void> = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let text = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        text += value;
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const lines = block.split('\n').filter((line) => !line.startsWith(':') && line);
          const data = lines.find((line) => line.startsWith('data: '));
          if (!data) continue;
          const name = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
          events.push({ event: name, data: JSON.parse(data.slice(6)) as Record<string, unknown> });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    })();
  }
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return {
    response,
    async next(ms = 2_000) {
      const deadline = Date.now() + ms;
      while (events.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no live event within ${ms} ms`);
        await wait(left);
      }
      return events.shift() as LiveEvent;
    },
    async drain(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return events.splice(0);
    },
    close: () => controller.abort(),
  };
}
