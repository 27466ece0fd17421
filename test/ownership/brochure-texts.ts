import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// Shared by brochure-text.test.ts (the readers, no backend) and brochures.test.ts (job, mirror and route).
// Real brochure texts: the text two public adviser directories print from each firm's Form ADV Part 2A PDF
// ("View Document Text"), as the search tool's stored copies hold them (fixtures/ownership/brochures/README.md).
const DIR = 'fixtures/ownership/brochures/';
const text = (name: string) => readFileSync(`${DIR}${name}`, 'utf8');
export const WMG = text('advisorfacts_wmg-financial-advisors-llc_crd285824.txt');
export const WT = text('advisorfacts_wt-wealth-management-llc_crd169566.txt');
export const FAC = text('advisorsandinvestors_financial-advisory-corporation_crd105472.txt');
export const WITTLIN = text('advisorsandinvestors_roger-wittlin-investment-advisory-llc_crd292577.txt');
export const SCHULTZ = text('advisorsandinvestors_schultz-financial-group-incorporated_crd108724.txt');
export const SWIG = text('advisorfacts_strategic-wealth-investment-group-llc_crd165474.txt');
export const FWG = text('advisorfacts_fwg-holdings-llc_crd308968.txt');

/** A PDF whose text layer holds these lines (pdf-lib, Helvetica), page breaks at form feeds. */
export async function pdfOf(t: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const pageText of t.split('\f')) {
    const page = pdf.addPage([792, 612]);
    let y = 580;
    for (const line of pageText.split('\n')) {
      page.drawText(line, { x: 30, y, size: 8, font });
      y -= 11;
    }
  }
  return pdf.save();
}
