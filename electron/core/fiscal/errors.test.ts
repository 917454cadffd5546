/** Fiscal refusals in a shop manager's words, and service field paths as the form's fields. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/contract';
import { errorForStatus } from '../http/errors';
import { contractPath, fiscalError } from './errors';

const meta = { requestId: 'r-1', host: 'fiscal.test', method: 'POST' };

describe('fiscal field paths', () => {
  it('maps the service’s paths to the contract’s input paths', () => {
    expect(contractPath('issue', 'items.0.vat_rate_code')).toBe('items.0.vatCode');
    expect(contractPath('issue', 'payments.1.payment_type')).toBe('payments.1.type');
    expect(contractPath('issue', 'items.2.unit_price')).toBe('items.2.unitPrice');
    expect(contractPath('setAtecoCodes', 'ateco_codes[3]')).toBe('codes.3');
    expect(contractPath('receiptsReport', 'date_to')).toBe('filter.to');
    expect(contractPath('receiptsReport', 'document_number')).toBe('filter.documentNumber');
    expect(contractPath('receiptsReport', '')).toBe('filter');
    expect(contractPath('emergencyReport', 'entries.0.partial_amount')).toBe('entries.0.partialAmount');
  });
});

describe('fiscal error wording', () => {
  it('words a 409 by what was attempted and keeps the server’s text in the details', () => {
    const server = errorForStatus(409, { type: '/errors/409', title: 'Conflict', status: 409, detail: 'The report abc is still being generated (1 of 3 parts).' }, meta);
    const mapped = fiscalError(server, 'reportPdf') as AppError;
    expect(mapped).toMatchObject({ code: 'conflict', status: 409, message: expect.stringMatching(/^The report is not ready yet/) });
    expect((mapped.details as { messages: string[] }).messages[0]).toContain('1 of 3 parts');
  });

  it('recognises a discarded PEM whatever was attempted', () => {
    const server = errorForStatus(409, { detail: 'The PEM E001-000003 is discarded: it can no longer issue commercial documents.' }, meta);
    expect(fiscalError(server, 'issue')).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^This PEM is discarded/) });
  });

  it('turns a FastAPI 422 into field messages without the "Value error" prefix', () => {
    const server = errorForStatus(
      422,
      { detail: [{ loc: ['body', 'items', 0, 'vat_rate_code'], msg: 'Value error, The VAT rate 7.00 is no longer accepted.', type: 'value_error' }] },
      meta,
    );
    const mapped = fiscalError(server, 'issue') as AppError;
    expect(mapped.code).toBe('validation');
    expect(mapped.details).toMatchObject({ fields: { 'items.0.vatCode': 'The VAT rate 7.00 is no longer accepted.' } });
    expect(mapped.message).toBe('The service refused the receipt: items.0.vatCode: The VAT rate 7.00 is no longer accepted.');
  });

  it('turns an MF2 violation list (integer status) into field messages', () => {
    const server = errorForStatus(
      422,
      { title: 'An error occurred', status: 422, violations: [{ propertyPath: 'ateco_codes[1]', message: 'The ATECO code must be uppercase: "47111A".', code: 'lowercase' }] },
      meta,
    );
    expect(fiscalError(server, 'setAtecoCodes')).toMatchObject({ code: 'validation', details: { fields: { 'codes.1': 'The ATECO code must be uppercase: "47111A".' } } });
  });

  it('tells a certificate refusal on the mTLS listener from an expired sign-in', () => {
    const certificate = errorForStatus(401, { detail: 'The client certificate does not belong to any registered cash register.' }, meta);
    expect(fiscalError(certificate, 'issue', { mtls: true })).toMatchObject({ code: 'certificate', message: expect.stringContaining('belongs to no registered cash register') });
    const token = errorForStatus(401, { detail: 'The bearer token has expired; log in again.' }, meta);
    expect(fiscalError(token, 'issue', { mtls: true })).toMatchObject({ code: 'unauthorized' });
  });

  it('says the service rejected the certificate when the TLS handshake is refused', () => {
    const handshake = new AppError('certificate', 'The secure connection to fiscal.test failed (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED).', {
      details: { ...meta, reason: 'tlsv13 alert certificate required' },
    });
    expect(fiscalError(handshake, 'cashRegister', { mtls: true })).toMatchObject({
      code: 'certificate',
      message: expect.stringContaining("Import the cash register's certificate in Settings → Certificates."),
    });
    const untrustedServer = new AppError('certificate', 'The secure connection failed (SELF_SIGNED_CERT_IN_CHAIN).', { details: { ...meta, reason: 'self-signed certificate in certificate chain' } });
    expect(fiscalError(untrustedServer, 'cashRegister', { mtls: true })).toBe(untrustedServer);
  });
});
