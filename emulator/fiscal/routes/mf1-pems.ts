/** MF1 PEM endpoints: PEMs, journal closure, data download, emergency reports, the mTLS cash register. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import { atecoEntry } from '../ateco-catalog';
import { pemOr404, param, type FiscalDeps } from '../deps';
import { requireAccount, requireCashRegister } from '../http/access';
import { NO_BODY } from '../http/bodies';
import { mf1Page, mf1PageQuery } from '../http/mf1-replies';
import { conflict, notFound, parseOrThrow, unauthorized } from '../http/problems';
import { isoUtc } from '../italian-time';
import { createEmergencyReport, emergencyOutput } from '../emergency-reports';
import { receiptDetailsOutput } from '../receipts/output';
import { requestOutput } from '../reports/jobs';
import { pemStatuses, type Pem } from '../state';
import type { FiscalStore } from '../store';

const pad4 = (value: number) => String(value).padStart(4, '0');

const pemListQuerySchema = z.object({ status: z.enum(pemStatuses).optional() });

const queryValue = (query: unknown, key: string): unknown => {
  const value = typeof query === 'object' && query !== null ? (query as Record<string, unknown>)[key] : undefined;
  return value === '' ? undefined : value;
};

/** The activation key of a PEM not yet activated: stable, so `GET /pems/{serial}` and MF2's creation answer agree. */
export const registrationKeyOf = (serialNumber: string): string => createHash('sha256').update(`registration:${serialNumber}`).digest('hex').slice(0, 16).toUpperCase();

export function mf1PemOutput(store: FiscalStore, pem: Pem) {
  const open = store.openJournal(pem.serial_number);
  return {
    serial_number: pem.serial_number,
    status: pem.status,
    address: pem.address,
    // the reference: set only while the PEM is ONLINE, else null
    operational_status: pem.status === 'ONLINE' ? (open ? 'OPEN' : 'CLOSED') : null,
    type: pem.type,
    merchant_uuid: pem.merchant_uuid,
    cash_register_name: pem.cash_register?.name ?? null,
    journal: open ? { number: pad4(open.number), status: open.status, opened_at: open.opened_at, documents_count: open.last_document } : null,
    last_journal_number: pem.last_journal_number === 0 ? null : pad4(pem.last_journal_number),
    last_transmission_at: pem.last_transmission_at,
    // Emulator addition: set while an inactivity period (POST …/inactivity) runs.
    inactive_since: store.state.pem_periods.find((period) => period.pem_serial_number === pem.serial_number && period.kind === 'inactivity' && period.to === null)?.from ?? null,
  };
}

export function registerMf1Pems(scope: FastifyInstance, deps: FiscalDeps): void {
  const { ctx, store, operations } = deps;

  scope.get('/pems/telemetry', async () => {
    throw notFound('GET /v1/mf1/pems/telemetry was removed in the October 2026 release; its data is in the diagnostics back-office report (POST /v1/mf1/pems/{serial_number}/backoffice-reports/diagnostics).');
  });

  scope.get('/pems', async (request) => {
    await requireAccount(ctx, request, 'read');
    const { page, size } = mf1PageQuery(request.query);
    // An unknown status is a 422 as FastAPI answers an invalid enum query parameter, never ignored.
    const { status } = parseOrThrow(pemListQuerySchema, { status: queryValue(request.query, 'status') }, 'query');
    const pems = status === undefined ? store.state.pems : store.state.pems.filter((pem) => pem.status === status);
    return mf1Page(pems.map((pem) => mf1PemOutput(store, pem)), page, size);
  });

  scope.get('/pems/:serial_number', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    // The reference's PointOfSaleDetailedOutput requires registration_key; it is null once the PEM is activated.
    return { ...mf1PemOutput(store, pem), registration_key: pem.status === 'NEW' || pem.status === 'REGISTERED' ? registrationKeyOf(pem.serial_number) : null };
  });

  scope.post('/pems/:serial_number/close', { config: NO_BODY }, async (request, reply) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const now = ctx.now();
    const { journal, job } = operations.closeJournal(pem, now);
    return reply.code(202).send({
      serial_number: pem.serial_number,
      journal_number: pad4(journal.number),
      status: journal.status,
      opened_at: journal.opened_at,
      closed_at: journal.closed_at,
      report_request: requestOutput(job, now),
    });
  });

  scope.get('/pems/:serial_number/download-data', async (request, reply) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const open = store.openJournal(pem.serial_number);
    if (open) {
      throw conflict(`The journal ${pad4(open.number)} of PEM ${pem.serial_number} is open: close it (POST /v1/mf1/pems/${pem.serial_number}/close) before downloading the PEM data.`);
    }
    const closed = store.journalsOf(pem.serial_number).filter((journal) => journal.status === 'CLOSED');
    const files: Record<string, Uint8Array> = {
      'pem.json': strToU8(
        JSON.stringify(
          { ...mf1PemOutput(store, pem), merchant_uuid: pem.merchant_uuid, exported_at: isoUtc(ctx.now()), journals: closed.map((journal) => pad4(journal.number)) },
          null,
          2,
        ),
      ),
    };
    for (const journal of closed) {
      const documents = store.receiptsOfJournal(pem.serial_number, journal.number).sort((a, b) => a.document_number.localeCompare(b.document_number));
      files[`journals/${pad4(journal.number)}.json`] = strToU8(
        JSON.stringify({ number: pad4(journal.number), opened_at: journal.opened_at, closed_at: journal.closed_at, documents: documents.map(receiptDetailsOutput) }, null, 2),
      );
    }
    const zip = zipSync(files, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${pem.serial_number}-data.zip"`)
      .send(Buffer.from(zip));
  });

  scope.post('/pems/:serial_number/emergency-reports', async (request, reply) => {
    await requireAccount(ctx, request, 'write');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    if (pem.status === 'DISCARDED') throw conflict(`The PEM ${pem.serial_number} is discarded: it takes no emergency reports.`);
    const report = createEmergencyReport(store, pem, request.body, ctx.now());
    return reply.code(201).send(emergencyOutput(report));
  });

  scope.get('/pems/:serial_number/emergency-reports', async (request) => {
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, param(request.params, 'serial_number'));
    const { page, size } = mf1PageQuery(request.query);
    const reports = store.state.emergency_reports.filter((report) => report.pem_serial_number === pem.serial_number).sort((a, b) => b.id - a.id);
    return mf1Page(reports.map(emergencyOutput), page, size);
  });

  scope.get('/cash-registers/me', async (request) => {
    if (deps.listener !== 'mtls') {
      throw unauthorized('The cash register is identified by its client certificate: call the fiscal mTLS address (HTTPS) with the certificate.');
    }
    const certificate = requireCashRegister(ctx, request, store.issuedCertificates());
    await requireAccount(ctx, request, 'read');
    const pem = pemOr404(store, certificate.pemSerialNumber);
    const merchant = operations.merchantOf(pem);
    return {
      uuid: pem.cash_register?.uuid ?? null,
      pem_serial_number: pem.serial_number,
      name: pem.cash_register?.name ?? null,
      pem_status: pem.status,
      merchant_uuid: merchant.uuid,
      ateco_codes: merchant.ateco_codes.map(atecoEntry),
      certificate: { serial_number: certificate.serialNumber, fingerprint256: certificate.fingerprint256 },
    };
  });
}
