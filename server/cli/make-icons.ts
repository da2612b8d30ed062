// Writes the logos and app icons in public/ from the SVG drawn here: `npx tsx server/cli/make-icons.ts`.
// The PNGs are committed; run again only when the mark changes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const NAVY = '#0b2545';
const ORANGE = '#f4a259';
const out = join(import.meta.dirname, '../../public');

/** The K mark with the quay line, drawn on a 64-unit grid. */
function markShapes(color: string): string {
  return [
    `<rect x="15" y="12" width="9" height="32" rx="1.5" fill="${color}"/>`,
    `<polygon points="23,26 37,12 49,12 33,28 49,44 37,44 23,30" fill="${color}"/>`,
    `<rect x="13" y="49" width="38" height="5" rx="2.5" fill="${ORANGE}"/>`,
  ].join('');
}

function markSvg(size: number, { rounded, scale }: { rounded: boolean; scale: number }): string {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${NAVY}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">${markShapes('#ffffff')}</g></svg>`;
}

function wordmarkSvg(textColor: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="196" height="44" viewBox="0 0 196 44">
<g transform="scale(0.6875)"><rect width="64" height="64" rx="14" fill="${NAVY}"/>${markShapes('#ffffff')}</g>
<text x="53" y="30" textLength="140" lengthAdjust="spacingAndGlyphs" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="22" font-weight="800" fill="${textColor}">karbontrack</text></svg>`;
}

async function png(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(join(out, file));
}

async function main(): Promise<void> {
  writeFileSync(join(out, 'logo.svg'), wordmarkSvg('#ffffff'));
  writeFileSync(join(out, 'logo-dark.svg'), wordmarkSvg(NAVY));
  writeFileSync(join(out, 'logo-small.svg'), markSvg(44, { rounded: true, scale: 1 }));
  writeFileSync(join(out, 'favicon.svg'), markSvg(32, { rounded: true, scale: 1 }));
  const regular = markSvg(512, { rounded: true, scale: 1 });
  // Maskable: full-bleed background, the mark inside the central safe zone (80 %).
  const maskable = markSvg(512, { rounded: false, scale: 0.72 });
  await png(regular, 32, 'favicon.png');
  await png(markSvg(512, { rounded: false, scale: 0.86 }), 180, 'apple-touch-icon.png');
  await png(regular, 192, 'pwa-192.png');
  await png(regular, 512, 'pwa-512.png');
  await png(maskable, 192, 'pwa-maskable-192.png');
  await png(maskable, 512, 'pwa-maskable-512.png');
  console.log(`icons and logos written to ${out}`);
}

await main();
