/** MF1 back-office reports of a PEM: lists, requests (journal reading, diagnostics, receipts) and PDFs. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderReportPdf } from '../../pdf/report-pdf';
import { pemOr404, param, type FiscalDeps } from '../deps';
import { requireAccount } from '../http/access';
import { NO_BODY } from '../http/bodies';
import { mf1Page, mf1PageQuery } from '../http/mf1-replies';
import { conflict, notFound, parseOrThrow } from '../http/problems';
import { jobProgress, reportOutput, requestOutput } from '../reports/jobs';
import { parseReceiptsReportRequest } from '../reports/receipts-request';
import { selectReceipts } from '../reports/builders';
import type { ReportJob } from '../state';

const PDF_CACHE_SIZE = 32;
const requestsQuerySchema = z.object({ status: z.enum(['queued', 'processed', 'failed']).optional() });
const newestFirst = (a: ReportJob, b: ReportJob) => b.created_at.localeCompare(a.created_at);

export function registerMf1Reports(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store, operations } = deps;
  const pdfCache = new Map<string, Buffer>();

  scope.get('/pems/:serial_number/backoffice-reports', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const { page, size } = mf1PageQuery(request.query);
    const now = ctx.now();
    return mf1Page(store.reportsOf(pem.serial_number).sort(newestFirst).map((job) => reportOutput(job, now)), page, size);
  });

  scope.get('/pems/:serial_number/backoffice-reports/requests', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const { page, size } = mf1PageQuery(request.query);
    const { status } = parseOrThrow(requestsQuerySchema, request.query ?? {}, 'query');
    const now = ctx.now();
    const requests = store
      .reportsOf(pem.serial_number)
      .sort(newestFirst)
      .map((job) => requestOutput(job, now))
      .filter((entry) => status === undefined || entry.status === status);
    return mf1Page(requests, page, size);
  });

  scope.post('/pems/:serial_number/backoffice-reports/journal-reading', { config: NO_BODY }, async (request, reply) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const now = ctx.now();
    return reply.code(202).send(requestOutput(operations.requestJournalReading(pem, now), now));
  });

  scope.post('/pems/:serial_number/backoffice-reports/diagnostics', { config: NO_BODY }, async (request, reply) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const now = ctx.now();
    return reply.code(202).send(requestOutput(operations.requestDiagnostics(pem, now), now));
  });

  scope.post('/pems/:serial_number/backoffice-reports/receipts', async (request, reply) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const input = parseReceiptsReportRequest(request.body);
    if (input.filter.kind === 'number' && selectReceipts(store, pem, input.filter).length === 0) {
      throw notFound(`There is no document ${input.filter.document_number} on PEM ${pem.serial_number}.`);
    }
    const now = ctx.now();
    return reply.code(202).send(requestOutput(operations.requestReceiptsReport(pem, input, now), now));
  });

  scope.get('/pems/:serial_number/backoffice-reports/:report_uuid/pdf', async (request, reply) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const reportUuid = param(request.params, 'report_uuid');
    const job = store.report(pem.serial_number, reportUuid);
    if (!job) throw notFound(`There is no back-office report ${reportUuid} for PEM ${pem.serial_number}.`);
    const progress = jobProgress(job, ctx.now());
    if (progress.status === 'queued') {
      throw conflict(`The report ${reportUuid} is still being generated (${progress.generated} of ${progress.total} parts); try again when its request is processed.`);
    }
    if (progress.status === 'failed') {
      throw conflict(`The report ${reportUuid} has no PDF: its generation failed. ${progress.failure_reason ?? ''}`.trim());
    }
    let pdf = pdfCache.get(job.report_uuid);
    if (!pdf) {
      pdf = await renderReportPdf(job.content, { reportUuid: job.report_uuid, generatedAt: new Date(progress.finished_at ?? job.created_at) });
      pdfCache.set(job.report_uuid, pdf);
      // keep the most recent few; a PDF is cheap to render again
      if (pdfCache.size > PDF_CACHE_SIZE) pdfCache.delete(pdfCache.keys().next().value ?? '');
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${job.kind}-${pem.serial_number}-${job.report_uuid.slice(0, 8)}.pdf"`)
      .send(pdf);
  });
}
