// The two Web-standard globals the domain uses. Both are on globalThis in every runtime the domain runs
// in (browser page, workers, service worker, Node 20), but the domain is typed with neither DOM nor Node
// globals (tsconfig.domain.json), so they are named here, once, with only what the domain calls.
interface WebGlobals {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
}

const web = globalThis as unknown as WebGlobals;

/** The UTF-8 bytes of `text`. */
export const utf8Bytes = (text: string): Uint8Array => new web.TextEncoder().encode(text);

/** `count` cryptographically random bytes. */
export const randomBytes = (count: number): Uint8Array => web.crypto.getRandomValues(new Uint8Array(count));
