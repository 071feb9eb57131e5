import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import PDFDocument from 'pdfkit';

/** The downloadable report (spec §3): the request, then each recommendation with why it matched. */
export function renderFundingReport(request: FundingRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      info: { Title: 'Grantleaf funding report', Author: 'Grantleaf' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text('Funding opportunities report');
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#555')
      .text(
        `Prepared by Grantleaf on ${new Date().toISOString().slice(0, 10)} for the request of ${request.submissionTimestamp.slice(0, 10)}.`,
      );
    doc.moveDown().fillColor('#000').font('Helvetica-Bold').fontSize(13).text('Your request');
    doc.font('Helvetica').fontSize(10);
    doc.text(`Research topic: ${request.researchTopic}`);
    doc.moveDown(0.3).text(`Research details: ${request.researchDetails}`);
    doc.moveDown(0.3).text(`Team profile: ${request.teamProfile}`);

    const results = request.fundingResults;
    doc.moveDown().font('Helvetica-Bold').fontSize(13).text('Recommendations');
    if (!results || results.recommendations.length === 0) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(
          request.status === 'failed'
            ? 'The search could not be completed; your credit was refunded.'
            : request.status === 'processing'
              ? 'The search is still running. Download the report again in a few minutes.'
              : 'No open program matched this request.',
        );
    } else {
      results.recommendations.forEach((r, i) => {
        doc
          .moveDown(0.6)
          .font('Helvetica-Bold')
          .fontSize(12)
          .text(`${i + 1}. ${r.name}`);
        doc.font('Helvetica').fontSize(10).fillColor('#333').text(r.agency);
        doc.fillColor('#000').moveDown(0.2);
        doc
          .font('Helvetica-Bold')
          .text('Funding: ', { continued: true })
          .font('Helvetica')
          .text(r.funding_range);
        doc
          .font('Helvetica-Bold')
          .text('Deadline: ', { continued: true })
          .font('Helvetica')
          .text(r.deadline ?? 'Not published');
        doc
          .font('Helvetica-Bold')
          .text('Why it matched: ', { continued: true })
          .font('Helvetica')
          .text(r.why_it_matched);
        doc
          .font('Helvetica-Bold')
          .text('Description: ', { continued: true })
          .font('Helvetica')
          .text(r.description);
        doc
          .font('Helvetica-Bold')
          .text('Eligibility: ', { continued: true })
          .font('Helvetica')
          .text(r.eligibility);
        if (r.url) doc.fillColor('#1d4ed8').text(r.url, { link: r.url, underline: true }).fillColor('#000');
      });
      if (results.funding_programs.length > results.recommendations.length) {
        doc.moveDown().font('Helvetica-Bold').fontSize(13).text('Other programs to consider');
        doc.font('Helvetica').fontSize(10);
        for (const p of results.funding_programs.slice(results.recommendations.length)) {
          doc
            .moveDown(0.2)
            .text(
              `${p.program_name} — ${p.agency_name}; ${p.funding_range}; deadline: ${p.deadline ?? 'not published'}`,
            );
        }
      }
    }
    doc
      .moveDown()
      .fontSize(8)
      .fillColor('#666')
      .text(
        'Figures and dates come from the programs’ published pages as of their last check; confirm them on the official page before applying.',
      );
    doc.end();
  });
}
