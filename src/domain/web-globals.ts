// The Web-standard global the domain uses. It is on globalThis in every runtime the domain runs in
// (browser page, workers, service worker, Node 20), but the domain is typed with neither DOM nor Node
// globals (tsconfig.domain.json), so it is named here, once, with only what the domain calls.
// (Random bytes for ids come from the `uuid` package, see ids.ts.)
interface WebGlobals {
  TextEncoder: new () => { encode(text: string): Uint8Array };
}

const web = globalThis as unknown as WebGlobals;

/** The UTF-8 bytes of `text`. */
export const utf8Bytes = (text: string): Uint8Array => new web.TextEncoder().encode(text);
