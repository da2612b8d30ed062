// Writes public/karbontrack-flyer.pdf, the one-page product flyer offered on /contact:
// `npx tsx server/cli/make-flyer.ts`. The PDF is committed; run again when the copy changes.
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';

const NAVY = '#0b2545';
const ORANGE = '#f4a259';
const publicDir = join(import.meta.dirname, '../../public');

interface Copy {
  heading: string;
  lead: string;
  points: Array<[string, string]>;
  closing: string;
}

/** The flyer's own words: shorter than the landing page's, whose heading and feature titles it shares. */
interface Own {
  lead: string;
  /** One line for each of FEATURES, in its order. */
  points: string[];
  closing: string;
}

/** The landing page's features the flyer lists (locales/<language>/public.json `landing.f_<name>_title`). */
const FEATURES = ['projects', 'tally', 'offline', 'reports', 'api'] as const;

/** The copy in `language`: the landing page's heading and feature titles (one wording), the flyer's own lines. */
function copyIn(language: 'en' | 'es', own: Own): Copy {
  const file = join(import.meta.dirname, `../../locales/${language}/public.json`);
  const landing = (JSON.parse(readFileSync(file, 'utf8')) as { landing: Record<string, string> }).landing;
  const word = (key: string) => {
    const found = landing[key];
    if (!found) throw new Error(`No landing.${key} in ${file}`);
    return found;
  };
  return {
    heading: word('title'),
    lead: own.lead,
    points: FEATURES.map((feature, index) => [word(`f_${feature}_title`), own.points[index] ?? '']),
    closing: own.closing,
  };
}

const EN = copyIn('en', {
  lead: 'Karbontrack is the working tool for port operators and stevedoring companies: vessel calls, working shifts, packing lists, incidences and reports in one place, recorded where the cargo moves.',
  points: [
    'Vessel, port, customer, commodity and activity; packing lists imported from spreadsheets.',
    'Coils, granite and aluminium validated per hand and hold; events, stoppages and damage photos.',
    'Installs on the tablet and keeps working without signal; changes are sent when the connection returns.',
    'Coil, SOF and prompter spreadsheets, container inspection PDFs, gross and net time, delays and ratios.',
    'A documented REST API so invoicing and customer portals use the same figures as the quay.',
  ],
  closing: 'Ask for a demo with a vessel call like yours: use the contact form on our website.',
});

const ES = copyIn('es', {
  lead: 'Karbontrack es la herramienta de trabajo de operadores portuarios y estibadoras: escalas, manos, listas de bultos, incidencias e informes en un solo lugar, registrados donde se mueve la carga.',
  points: [
    'Buque, puerto, cliente, mercancía y actividad; listas de bultos importadas de hojas de cálculo.',
    'Bobinas, granito y aluminio validados por mano y bodega; eventos, paradas y fotos de daños.',
    'Se instala en la tableta y sigue funcionando sin cobertura; los cambios se envían al volver la conexión.',
    'Hojas de bobinas, hechos (SOF) y apuntadores, PDF de inspección de contenedores, tiempos, demoras y rendimientos.',
    'Una API REST documentada para que facturación y portales de clientes usen las cifras del muelle.',
  ],
  closing:
    'Solicite una demostración con una escala como las suyas desde el formulario de contacto de nuestra web.',
});

function section(doc: PDFKit.PDFDocument, copy: Copy, x: number, width: number): void {
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(17).text(copy.heading, x, doc.y, { width });
  doc.moveDown(0.4);
  doc.fillColor('#1f2937').font('Helvetica').fontSize(10.5).text(copy.lead, { width });
  doc.moveDown(0.6);
  for (const [title, text] of copy.points) {
    const top = doc.y;
    doc.rect(x, top + 3, 6, 6).fill(ORANGE);
    doc
      .fillColor(NAVY)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(title, x + 14, top, { width: width - 14 });
    doc
      .fillColor('#1f2937')
      .font('Helvetica')
      .fontSize(10)
      .text(text, x + 14, doc.y, { width: width - 14 });
    doc.moveDown(0.45);
  }
  doc
    .fillColor(NAVY)
    .font('Helvetica-Oblique')
    .fontSize(10.5)
    .text(copy.closing, x, doc.y + 2, { width });
}

function main(): void {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    info: {
      Title: 'Karbontrack: product flyer',
      Author: 'Karbontrack',
      Subject: 'Port and stevedoring operations',
    },
  });
  const target = join(publicDir, 'karbontrack-flyer.pdf');
  doc.pipe(createWriteStream(target));
  const { width, height } = doc.page;
  const margin = 48;

  doc.rect(0, 0, width, 96).fill(NAVY);
  doc.image(join(publicDir, 'pwa-192.png'), margin, 22, { width: 52, height: 52 });
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(28)
    .text('karbontrack', margin + 66, 30);
  doc
    .fillColor(ORANGE)
    .font('Helvetica')
    .fontSize(11)
    .text('Port & stevedoring operations · Operaciones portuarias y de estiba', margin + 66, 64);

  doc.y = 122;
  section(doc, EN, margin, width - margin * 2);
  doc.moveDown(1);
  doc
    .moveTo(margin, doc.y)
    .lineTo(width - margin, doc.y)
    .lineWidth(1)
    .strokeColor('#cbd5e1')
    .stroke();
  doc.moveDown(1);
  section(doc, ES, margin, width - margin * 2);

  if (doc.y > height - 56) throw new Error(`the flyer copy overflows the page (y = ${Math.round(doc.y)})`);
  doc.rect(0, height - 40, width, 40).fill(NAVY);
  doc
    .fillColor('#ffffff')
    .font('Helvetica')
    .fontSize(9)
    .text('© 2021 Karbontrack', margin, height - 26, { lineBreak: false });
  doc.end();
  console.log(`flyer written to ${target}`);
}

main();
