// The live channel: the server's Server-Sent Events stream (GET /api/sync/live/) telling this device that
// a scope it holds changed ("pull now"), so a change made on another device shows within seconds instead
// of at the next timed pull. A hint only: when the stream cannot be held (a proxy that cuts it, no
// network) it is opened again after a growing pause, and the timer pulls as before meanwhile.
import type { SyncApi } from '../api/sync';
import { SyncHttpError } from '../api/sync';

export interface LiveNotice {
  scope: string;
  seq: number;
  /** The cursor a pull of the scope reaches: the same as the device's means nothing to pull. */
  cursor: string;
}

export interface LiveOptions {
  api: Required<Pick<SyncApi, 'live'>>;
  /** A scope changed. */
  onChange(notice: LiveNotice): void;
  /** The server may have missed notices: pull every scope. */
  onResync(): void;
  /** Connected or not (for the status). */
  onConnected?(connected: boolean): void;
  /** Pause before opening again after a failure: first, and the most (doubling between). */
  retryMs?: { first: number; most: number };
}

/** Reads an SSE stream, calling `event` for each event with data (comments skipped). */
async function readEvents(
  stream: ReadableStream<Uint8Array>,
  event: (name: string, data: string) => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const block = text.slice(0, end).split('\n');
      text = text.slice(end + 2);
      const data = block.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart());
      const name =
        block
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      if (data.length > 0) event(name, data.join('\n'));
    }
  }
}

export class LiveChannel {
  private scopes: string[] = [];
  private controller: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = true;

  constructor(private readonly options: LiveOptions) {}

  /** Listens to these scopes (again if they changed; nothing to do if not). */
  follow(scopes: string[]): void {
    const same = !this.stopped && scopes.join(' ') === this.scopes.join(' ');
    if (same) return;
    this.scopes = [...scopes];
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.close();
  }

  private close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
    this.options.onConnected?.(false);
  }

  private open(): void {
    this.close();
    if (this.stopped || this.scopes.length === 0) return;
    const controller = new AbortController();
    this.controller = controller;
    const { api, onChange, onResync, onConnected } = this.options;
    void (async () => {
      try {
        const stream = await api.live(this.scopes, controller.signal);
        onConnected?.(true);
        // Notices missed while the stream was down: one pull catches up.
        if (this.failures > 0) onResync();
        this.failures = 0;
        await readEvents(stream, (name, data) => {
          if (name === 'resync') onResync();
          else if (name === 'message') onChange(JSON.parse(data) as LiveNotice);
        });
        throw new Error('The live stream ended');
      } catch (error) {
        if (controller.signal.aborted || this.controller !== controller) return;
        onConnected?.(false);
        // A refused token stops the channel: the engine finds out at its next request.
        if (error instanceof SyncHttpError && (error.status === 401 || error.status === 403)) return;
        this.failures += 1;
        const { first, most } = this.options.retryMs ?? { first: 2_000, most: 60_000 };
        const pause = Math.min(most, first * 2 ** (this.failures - 1));
        this.timer = setTimeout(() => this.open(), pause * (0.5 + Math.random() / 2));
      }
    })();
  }
}
