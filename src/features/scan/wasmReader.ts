// The WebAssembly reader (barcode-detector over ZXing-C++), its .wasm served from our own build.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { type Reader, SCAN_FORMATS } from './detector';

let ready: Promise<unknown> | null = null;

export async function wasmReader(): Promise<Reader> {
  // Compiled now, while the camera starts, rather than on the first frame; a failure (the file not
  // reachable) is said when the camera opens and tried again on the next opening.
  ready ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  await ready;
  const detector = new BarcodeDetector({ formats: [...SCAN_FORMATS] });
  return { kind: 'wasm', detect: (source) => detector.detect(source) };
}
