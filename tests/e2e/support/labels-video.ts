// A fake camera for the tally's scanner: a Y4M video of barcode labels, one after another with blank
// frames between, that Chromium plays in a loop as its camera (--use-fake-device-for-media-stream
// --use-file-for-fake-video-capture=<file>). The barcodes are drawn from bwip-js's encodings (the bars of
// a linear code, the modules of a 2D one), so the app's real reader decodes real symbols.
import { createWriteStream } from 'node:fs';
import bwipjs from 'bwip-js/node';

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 5;

type Symbology = 'code128' | 'code39' | 'qrcode' | 'datamatrix' | 'ean13';

export interface Segment {
  /** A label, or null for blank frames (nothing in front of the camera). */
  label: { symbology: Symbology; text: string } | null;
  seconds: number;
}

/** One grey frame (a white label, the symbol centred), 8 bits a pixel. */
function labelFrame(label: Segment['label']): Uint8Array {
  const frame = new Uint8Array(WIDTH * HEIGHT).fill(label ? 250 : 90);
  if (!label) return frame;
  const [encoded] = bwipjs.raw(label.symbology, label.text, {});
  const paint = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) frame.fill(0, y * WIDTH + x0, y * WIDTH + x0 + w);
  };
  if ('sbs' in encoded && Array.isArray(encoded.sbs)) {
    const widths = encoded.sbs as number[];
    const total = widths.reduce((sum, width) => sum + width, 0);
    const module = Math.max(2, Math.floor((WIDTH - 80) / total));
    let x = Math.floor((WIDTH - total * module) / 2);
    widths.forEach((width, index) => {
      if (index % 2 === 0) paint(x, 140, width * module, 200);
      x += width * module;
    });
    return frame;
  }
  const { pixs, pixx, pixy } = encoded as { pixs: number[]; pixx: number; pixy: number };
  const module = Math.floor(Math.min(WIDTH, HEIGHT - 60) / (Math.max(pixx, pixy) + 8));
  const left = Math.floor((WIDTH - pixx * module) / 2);
  const top = Math.floor((HEIGHT - pixy * module) / 2);
  for (let row = 0; row < pixy; row++)
    for (let column = 0; column < pixx; column++)
      if (pixs[row * pixx + column]) paint(left + column * module, top + row * module, module, module);
  return frame;
}

/** Writes the video (4:2:0, grey: U and V at 128) and resolves when it is on disk. */
export function writeLabelsVideo(path: string, segments: Segment[]): Promise<void> {
  const out = createWriteStream(path);
  out.write(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2) * 2).fill(128);
  for (const segment of segments) {
    const luma = labelFrame(segment.label);
    for (let n = 0; n < Math.round(segment.seconds * FPS); n++) {
      out.write('FRAME\n');
      out.write(luma);
      out.write(chroma);
    }
  }
  return new Promise((resolve, reject) => {
    out.on('error', reject);
    out.end(resolve);
  });
}
