import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import type { Language } from '@grantleaf/shared/language';
import { PDF_FONTS, renderPdfDocument } from '../../adapters/pdf/pdf-document.ts';
import { exportLabels } from '../submissions/index.ts';

/**
 * The downloadable report (spec §3): the request, then each recommendation with why it matched.
 * Its own words in the reader's language (ADR 0915); the request and the catalogue's text as written.
 */
export function renderFundingReport(request: FundingRequest, language: Language = 'en'): Promise<Buffer> {
  const w = exportLabels(language).funding;
  const { regular, bold } = PDF_FONTS.sans;
  return renderPdfDocument({ margin: 56, info: { Title: w.documentTitle, Author: 'Grantleaf' } }, (doc) => {
    doc.font(bold).fontSize(20).text(w.title);
    doc
      .moveDown(0.3)
      .font(regular)
      .fontSize(10)
      .fillColor('#555')
      .text(w.prepared(new Date().toISOString().slice(0, 10), request.submissionTimestamp.slice(0, 10)));
    doc.moveDown().fillColor('#000').font(bold).fontSize(13).text(w.request);
    doc.font(regular).fontSize(10);
    doc.text(`${w.topic}${request.researchTopic}`);
    doc.moveDown(0.3).text(`${w.details}${request.researchDetails}`);
    doc.moveDown(0.3).text(`${w.team}${request.teamProfile}`);

    const results = request.fundingResults;
    doc.moveDown().font(bold).fontSize(13).text(w.recommendations);
    if (!results || results.recommendations.length === 0) {
      doc
        .font(regular)
        .fontSize(10)
        .text(
          request.status === 'failed' ? w.failed : request.status === 'processing' ? w.processing : w.none,
        );
    } else {
      results.recommendations.forEach((r, i) => {
        doc
          .moveDown(0.6)
          .font(bold)
          .fontSize(12)
          .text(`${i + 1}. ${r.name}`);
        doc.font(regular).fontSize(10).fillColor('#333').text(r.agency);
        doc.fillColor('#000').moveDown(0.2);
        doc.font(bold).text(w.funding, { continued: true }).font(regular).text(r.funding_range);
        doc
          .font(bold)
          .text(w.deadline, { continued: true })
          .font(regular)
          .text(r.deadline ?? w.notPublished);
        doc.font(bold).text(w.why, { continued: true }).font(regular).text(r.why_it_matched);
        doc.font(bold).text(w.description, { continued: true }).font(regular).text(r.description);
        doc.font(bold).text(w.eligibility, { continued: true }).font(regular).text(r.eligibility);
        if (r.url) doc.fillColor('#1d4ed8').text(r.url, { link: r.url, underline: true }).fillColor('#000');
      });
      if (results.funding_programs.length > results.recommendations.length) {
        doc.moveDown().font(bold).fontSize(13).text(w.others);
        doc.font(regular).fontSize(10);
        for (const p of results.funding_programs.slice(results.recommendations.length)) {
          doc.moveDown(0.2).text(w.other(p.program_name, p.agency_name, p.funding_range, p.deadline));
        }
      }
    }
    doc.moveDown().fontSize(8).fillColor('#666').text(w.caveat);
  });
}
