/**
 * The service's refusals of the onboarding calls, put at the field they are about: `validation`
 * errors with `details.fields` (contract path → English message, for the log and as a fallback)
 * and `details.fieldReasons` (contract path → a reason the form words in the user's language).
 * A duplicate e-mail, an unknown PEM or a PEM of another merchant is a mistake in one field, so it
 * is said there rather than as a bare 404/409/403.
 */
import { AppError, because, reason } from '../../../../shared/contract';
import type { OnboardingFieldReason } from '../../../../shared/contract/fiscal-onboarding';
import type { HttpErrorDetails } from '../../http/errors';

export type OnboardingOperation =
  | 'createMerchant'
  | 'updateMerchant'
  | 'createPem'
  | 'activatePem'
  | 'markInactive'
  | 'reportOffline'
  | 'registerCashRegister'
  | 'createCashier'
  | 'removeCashier'
  | 'read';

const what: Record<OnboardingOperation, string> = {
  createMerchant: 'the new merchant',
  updateMerchant: 'the merchant changes',
  createPem: 'the new PEM',
  activatePem: 'the activation',
  markInactive: 'the inactivity period',
  reportOffline: 'the offline period',
  registerCashRegister: 'the cash register',
  createCashier: 'the new cashier',
  removeCashier: 'the removal of the cashier',
  read: 'the request',
};

/** The service's field names (snake_case) as the contract's. */
const renames: Record<string, string> = {
  vat_number: 'vatNumber',
  fiscal_code: 'fiscalCode',
  business_name: 'businessName',
  first_name: 'firstName',
  last_name: 'lastName',
  merchant_uuid: 'merchantUuid',
  receipt_header: 'receiptHeader',
  registration_key: 'registrationKey',
  pem_serial_number: 'serialNumber',
  serial_number: 'serialNumber',
  display_name: 'displayName',
  street_address: 'streetAddress',
  street_number: 'streetNumber',
  zip_code: 'zipCode',
};

/** `body.address.zip_code`, `address[zip_code]`, `["body","email"]`-joined paths → `address.zipCode`, `email`. */
export function onboardingPath(serverPath: string): string {
  return serverPath
    .replace(/\[(\w+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '' && segment !== 'body')
    .map((segment) => renames[segment] ?? segment.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    .join('.');
}

interface FieldProblem {
  path: string;
  why: OnboardingFieldReason;
  message: string;
}

const DUPLICATE = /already|exists|duplicate|taken|in use/i;

/** What a 403/404/409 of `operation` says about one field (null when it is about no field). */
function fieldOfStatus(operation: OnboardingOperation, status: number, said: string): FieldProblem | null {
  const pemField = (why: OnboardingFieldReason, message: string): FieldProblem => ({ path: 'serialNumber', why, message });
  switch (status) {
    case 404:
      if (operation === 'createCashier') return { path: 'merchantUuid', why: 'unknownMerchant', message: 'The service knows no merchant with this identifier.' };
      if (operation === 'createPem') return { path: 'merchantUuid', why: 'unknownMerchant', message: 'The service knows no merchant with this identifier.' };
      if (['activatePem', 'markInactive', 'reportOffline', 'registerCashRegister'].includes(operation)) {
        return pemField('unknownPem', 'The service knows no PEM with this serial number.');
      }
      return null;
    case 403:
      if (operation === 'registerCashRegister' && /merchant|belong|another|other/i.test(said)) {
        return pemField('otherMerchantPem', 'This PEM belongs to another merchant: a cash register can only be registered for a PEM of its own merchant.');
      }
      return null;
    case 409:
      switch (operation) {
        case 'createCashier':
          return { path: 'email', why: 'duplicateEmail', message: 'A user with this e-mail address already exists.' };
        case 'createMerchant':
          return /vat|partita/i.test(said)
            ? { path: 'vatNumber', why: 'duplicateVatNumber', message: 'A merchant with this VAT number already exists.' }
            : { path: 'email', why: 'duplicateEmail', message: 'A user with this e-mail address already exists.' };
        case 'registerCashRegister':
          if (/merchant|belong/i.test(said)) return pemField('otherMerchantPem', 'This PEM belongs to another merchant: a cash register can only be registered for a PEM of its own merchant.');
          if (/discarded/i.test(said)) return pemField('pemDiscarded', 'This PEM is discarded: it takes no cash register.');
          if (/not activated|activate it/i.test(said)) return pemField('pemNotActivated', 'This PEM is not activated yet: activate it first.');
          return pemField('duplicateCashRegister', 'This PEM already has a cash register.');
        case 'activatePem':
          return pemField('pemNotActivatable', 'This PEM cannot be activated in its current state (it may be active already, or discarded).');
        case 'markInactive':
        case 'reportOffline':
          return pemField('pemNotActive', 'This PEM is not in a state where this can be reported (it must be activated and not discarded).');
        default:
          return null;
      }
    default:
      return null;
  }
}

/** A 400/422 field error: a duplicate said in words, a wrong registration key, else the service's own words. */
function reasonOfFieldMessage(operation: OnboardingOperation, path: string, message: string): OnboardingFieldReason {
  if (path === 'email' && DUPLICATE.test(message)) return 'duplicateEmail';
  if (path === 'vatNumber' && DUPLICATE.test(message)) return 'duplicateVatNumber';
  if (path === 'serialNumber' && operation === 'registerCashRegister' && DUPLICATE.test(message)) return 'duplicateCashRegister';
  if (path === 'serialNumber' && /merchant|belong/i.test(message)) return 'otherMerchantPem';
  if (path === 'registrationKey') return 'wrongRegistrationKey';
  if (path === 'merchantUuid' && /no merchant|not found|unknown/i.test(message)) return 'unknownMerchant';
  if (path === 'serialNumber' && /no PEM|no point of sale|not found|unknown/i.test(message)) return 'unknownPem';
  return 'refusedValue';
}

const clean = (message: string): string => message.replace(/^Value error, /, '').trim();

function fieldError(operation: OnboardingOperation, error: AppError, details: HttpErrorDetails, problems: FieldProblem[]): AppError {
  const fields: Record<string, string> = {};
  const fieldReasons: Record<string, OnboardingFieldReason> = {};
  for (const problem of problems) {
    fields[problem.path] = fields[problem.path] ? `${fields[problem.path]} ${problem.message}` : problem.message;
    fieldReasons[problem.path] = problem.why;
  }
  const listed = Object.entries(fields).map(([path, message]) => (path ? `${path}: ${message}` : message));
  const message = `The service refused ${what[operation]}: ${listed.slice(0, 4).join('; ')}`;
  return new AppError('validation', message, {
    status: error.status,
    details: because(reason('fiscal.refusedFields', { said: listed.slice(0, 4).join('; ') }), { ...details, fields, fieldReasons }),
    cause: error,
  });
}

/** Rewords an error of the HTTP client for `operation`; anything it cannot place passes through. */
export function onboardingError(error: unknown, operation: OnboardingOperation): unknown {
  if (!(error instanceof AppError) || error.status === undefined) return error;
  const details = error.details as HttpErrorDetails | undefined;
  if (!details || !Array.isArray(details.messages)) return error;
  const said = details.messages.join(' ');
  if (error.status === 400 || error.status === 422) {
    const entries = Object.entries(details.fieldErrors ?? {});
    if (entries.length === 0) {
      const problem = fieldOfStatus(operation, 409, said);
      // A 400/422 without field paths that reads like a duplicate is the conflict said another way.
      if (problem && DUPLICATE.test(said)) return fieldError(operation, error, details, [problem]);
      return error;
    }
    return fieldError(
      operation,
      error,
      details,
      entries.map(([serverPath, message]) => {
        const path = onboardingPath(serverPath);
        return { path, why: reasonOfFieldMessage(operation, path, message), message: clean(message) };
      }),
    );
  }
  const problem = fieldOfStatus(operation, error.status, said);
  return problem ? fieldError(operation, error, details, [{ ...problem, message: said ? `${problem.message} (${said})` : problem.message }]) : error;
}
