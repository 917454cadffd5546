import { describe, expect, it } from 'vitest';
import { countPdfPages, reportPdfWithPages } from './report-pdf';

describe('the long report the PDF bench draws', () => {
  it('has exactly the pages asked for, drawn by the emulator\'s report renderer', async () => {
    const pdf = await reportPdfWithPages(4);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(countPdfPages(pdf)).toBe(4);
  });
});
