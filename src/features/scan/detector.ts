// The barcode reader behind the tally's camera: the browser's own BarcodeDetector where it has one that
// reads our formats (Chrome on Android, ChromeOS, macOS), else the barcode-detector polyfill over ZXing-C++
// in WebAssembly. The polyfill and its .wasm are imported here only, when the camera opens: the first
// screens never load them. The .wasm is a file of our own build (precached by the service worker for an
// offline tablet), never a CDN's.

/** What steel mills, quarries and smelters print: linear codes, QR and Data Matrix. */
export const SCAN_FORMATS = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
  'pdf417',
  'aztec',
] as const;

interface Detected {
  rawValue: string;
  format: string;
}

export interface Reader {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
  /** 'native' or 'wasm': which reader is in use (shown to the user, read by the tests). */
  kind: 'native' | 'wasm';
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

function nativeClass(): NativeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/** The native detector when it reads Code 128 and QR at least; null otherwise (or when it fails). */
async function nativeReader(): Promise<Reader | null> {
  const Native = nativeClass();
  if (!Native) return null;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    if (!supported.has('code_128') || !supported.has('qr_code')) return null;
    const detector = new Native({ formats: SCAN_FORMATS.filter((format) => supported.has(format)) });
    return { kind: 'native', detect: (source) => detector.detect(source) };
  } catch {
    return null;
  }
}

/** A reader for the camera: native if the browser has a good one, else the WebAssembly one. */
export async function openReader(): Promise<Reader> {
  const native = await nativeReader();
  if (native) return native;
  const { wasmReader } = await import('./wasmReader');
  return wasmReader();
}
