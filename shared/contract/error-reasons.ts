/**
 * Why the core failed, as a key and parameters the renderer words in the UI language. An AppError
 * that carries one in `details.userMessage` is shown in the user's words; its `message` stays the
 * English text for logs and for callers without a UI.
 *
 * Keys are grouped by area (`files.diskFull`, `auth.sessionExpired`); each names the parameters its
 * sentence uses, so a construction site cannot forget one and a test renders every key in every
 * language. Conventions the renderer relies on:
 * - `said` is the service's (or a library's) own words, shown as they are inside our sentence;
 * - a parameter ending in `Day` is an ISO date (YYYY-MM-DD), shown in the UI language's format;
 * - no parameter ever carries a file's content or a secret.
 */
import { z } from 'zod';

export const errorReasonParams = {
  files: {
    // folders chosen for writing (downloads)
    folderRelative: ['path', 'example'],
    folderMissing: ['path'],
    folderUnderFile: ['path'],
    folderIsFile: ['path'],
    folderNotWritable: ['path'],
    folderReadOnly: ['path'],
    folderParentNotWritable: ['path', 'parent'],
    // writing or reading one file
    diskFull: ['path'],
    quotaFull: ['path'],
    writeDenied: ['path'],
    readOnlyDisk: ['path'],
    folderGone: ['path'],
    pathUnderFile: ['path'],
    pathTooLong: ['path'],
    pathIsFolder: ['path'],
    writeFailed: ['path', 'cause'],
    // reading a file the user chose
    chooseFileNotFolder: ['name'],
    chooseFolderNotFile: ['name'],
    notAFile: ['path'],
    readMissing: ['path'],
    readDenied: ['path'],
    readFailed: ['path', 'cause'],
    tooLarge: ['name', 'size', 'limit'],
    damagedInTransit: ['name'],
    typedFolderRefused: [],
    // handles the renderer holds instead of paths
    handleUnknown: [],
    handleExpired: [],
    handleReadOnly: [],
    handleWriteOnly: [],
    handleNotFolder: [],
    handleBadSubpath: [],
    handleOutside: ['name'],
    handleMissing: ['name', 'folder'],
    noDefaultFolder: [],
    writerStopped: ['path'],
    secretsUnreadable: [],
  },
  auth: {
    demoOnlyOnEmulator: [],
    demoEmulatorDown: [],
    demoAccountUnknown: ['name', 'available'],
    tokenUnreadable: [],
    wrongEnvironment: ['tokenEnvironment', 'profile', 'profileEnvironment'],
    profileChanged: [],
    signedOut: [],
    sessionExpired: [],
  },
  profiles: {
    caMissing: [],
    caUnreadable: ['index'],
    builtInFixed: ['name'],
    emulatorAddressesFixed: [],
    onlyBuiltInEmulator: [],
    addressesRequired: [],
    nameTaken: ['name'],
    builtInNotDeletable: [],
    unknown: ['id'],
    activeNotDeletable: [],
    noAddresses: ['profile'],
    insecureAddress: ['profile', 'url'],
    emulatorDown: [],
    emulatorDownSaid: ['said'],
    emulatorProfileOnly: [],
    emulatorStopped: [],
    emulatorFailed: ['said'],
  },
  certificates: {
    notPkcs12: [],
    wrongPassphrase: [],
    unsupported: ['said'],
    noKey: [],
    noCertificate: [],
    keyMismatch: [],
    notCertificate: [],
    damagedCertificate: [],
    keyIsCertificate: [],
    keyPassphraseRequired: [],
    notKey: [],
    expiredOn: ['validToDay'],
    notYetValid: ['validFromDay'],
    otherIssuer: ['issuer', 'profile'],
    missing: [],
    importedExpired: ['validToDay'],
    otherPem: ['certificatePem', 'requestedPem'],
    refusedByService: [],
    notFromServiceCa: [],
    unknownToService: [],
    notPresented: [],
    handshakeRejected: [],
    connectionClosed: [],
  },
  http: {
    serviceSaid: ['said'],
    refused: [],
    signInRefused: [],
    forbidden: [],
    notFound: [],
    conflict: [],
    tooLarge: [],
    tooManyRequests: ['host'],
    unavailable: ['host', 'status'],
    serverError: ['host', 'status'],
    unexpectedStatus: ['host', 'status'],
    cancelled: [],
    noAnswer: ['host', 'seconds'],
    connectTimeout: ['host'],
    secureConnection: ['host', 'code'],
    unreachable: ['host', 'code'],
    badResponse: ['host'],
  },
  documents: {
    pdfNoAddress: [],
    pdfBadAddress: [],
    pdfLinkExpired: [],
    refusedViolations: ['failed', 'rules'],
    refusedSaid: ['said'],
    refused: [],
    unreadableSaid: ['said'],
    unreadable: [],
    printNotPdf: [],
    sourceUnreadable: [],
    noSuchAttachment: ['total', 'index'],
    attachmentByAddress: ['index', 'uri'],
    attachmentNotEmbedded: ['index'],
    attachmentDamaged: ['index'],
    sendEmpty: ['name'],
    sendNotUbl: ['name'],
    sendUnknownRoot: ['name', 'root'],
    sendWrongType: ['name', 'actualRoot', 'expectedRoot'],
    sendBadXmlAt: ['name', 'line', 'column'],
    sendBadXml: ['name'],
    sendBadJsonAt: ['name', 'line', 'column'],
    sendBadJson: ['name'],
    sendNotTransposition: ['name'],
    bulkUnknown: [],
    bulkRunning: [],
    shuttingDown: [],
    pdfOnlyInvoices: [],
    tooManyMatches: ['total', 'max'],
    templateUnknownPlaceholder: ['name', 'known'],
    templateLoneBrace: [],
    downloadCancelled: [],
    jobInterrupted: [],
    jobUnexpected: [],
    jobDiskFull: [],
    jobSignedOut: [],
    jobForbidden: [],
    jobStopped: [],
    jobCancelled: [],
    jobSaved: ['kept', 'total', 'path'],
    jobMarkFailed: ['total'],
  },
  exports: {
    running: [],
    cancelled: [],
    tooManyMatches: ['total', 'max'],
    nothingToPack: [],
    noneReadable: ['total'],
  },
  fiscal: {
    refusedFields: ['said'],
    refused: [],
    notPdf: [],
    notZip: [],
    downloadTooLarge: [],
    pemDiscarded: [],
    journalStillOpen: [],
    noJournalForReading: [],
    noJournalForDiagnostics: [],
    noJournalToClose: [],
    reportFailedNoPdf: [],
    reportNotReady: [],
    alreadyVoided: [],
    voidHasReturns: [],
    receiptVoided: [],
    conflictSaid: ['said'],
    conflict: [],
    confirmDiscard: ['serialNumber'],
  },
  uploads: {
    copyGone: ['name'],
    sourceGone: ['name'],
    sourceUnreadable: ['name', 'cause'],
    nowEmpty: ['name'],
    tooLarge: ['name', 'size', 'limit'],
    notInList: [],
    notRetryable: ['name'],
    otherAccount: ['name', 'account'],
    notCancellable: ['name'],
    unknownUpload: [],
    unknownDocument: [],
    shuttingDown: [],
    journalNotOpen: [],
    journalUnreadable: ['path'],
    badE2eId: [],
    // a file the file system kept from being added
    keepFailed: ['name', 'cause'],
    linkToFolder: ['name'],
    nestedTooDeep: ['path', 'max'],
    notRegularFile: ['name'],
    e2eIdForFolder: ['name'],
    tooManyAtOnce: ['limit', 'overflow'],
    folderTooManyFiles: ['name', 'limit'],
    // the service refused an upload (its HTTP error table)
    serviceRefused: [],
    serviceRefusedSaid: ['said'],
    serviceForbidden: ['country'],
    serviceNotConfigured: ['country'],
    serviceConflict: [],
    serviceConflictSaid: ['said'],
    serviceRefusedStatus: ['status'],
    serviceRefusedStatusSaid: ['status', 'said'],
    // a name or End-to-end ID the service would refuse
    nameOnlyExtension: ['name'],
    nameTooLong: ['name', 'length', 'max'],
    nameNotPlain: ['name', 'position'],
    namePathSeparator: ['name'],
    nameUnknownExtension: ['name'],
    e2eIdEmpty: ['name'],
    e2eIdTooLong: ['name', 'length', 'max'],
    e2eIdNotPlain: ['name', 'position'],
    e2eIdSpaces: ['name'],
    // an upload's error, shown as the detail of its explanation
    changedSinceAdded: ['name'],
    sourceGoneAt: ['name', 'path'],
    sourceUnreadableAt: ['name', 'path', 'cause'],
    unknownToService: ['upload', 'name'],
    notProcessed: ['name'],
    notProcessedSaid: ['name', 'said'],
    notKeptAfterResend: ['name'],
    notKeptAfterResendSaid: ['name', 'said'],
    notKeptAfterAttempts: ['name'],
    // a file not added (the list of files not sent)
    empty: ['name'],
    alreadyDelivered: ['name', 'at', 'e2eId'],
    alreadyOnItsWay: ['name', 'e2eId'],
    // an upload's warning, shown as the detail of its explanation
    warnSignInAgain: [],
    warnWaitingForSignIn: [],
    warnClosedBeforeSend: [],
    warnUnconfirmed: [],
    warnConnectionBroke: [],
    warnCrashed: [],
    warnPendingDoNotResend: [],
    warnPendingForLong: [],
    warnCopies: ['copies', 'upload'],
    warnPendingCopies: ['copies', 'upload'],
    warnOtherCountryName: ['name', 'suggested', 'country'],
    // notes in an upload's history (not errors)
    noteRetried: [],
    noteCancelled: [],
    noteWaitingForSignIn: [],
    noteWaiting: [],
    noteSendingAgain: ['attempt'],
    noteAccepted: ['upload'],
    noteSignInAsked: [],
    noteAppStopped: [],
    noteFoundOnService: ['upload', 'status'],
    noteResendOnlyFailed: [],
    noteResendNoTrace: [],
    noteResendAfterFailed: ['upload'],
    noteResendAfterFailedSaid: ['upload', 'said'],
  },
  viewer: {
    notOpen: [],
    noDocument: ['index'],
    stylesheetNotForDocument: ['stylesheet'],
    noPdfWriter: [],
    emptyFile: ['name'],
    tooLarge: ['name', 'size', 'limit'],
    p7mNoSignature: ['name'],
    p7mDetached: ['name'],
    p7mUnreadable: ['name'],
    zipUnreadable: ['name'],
    zipTooManyFiles: ['name', 'max'],
    zipTooBig: ['name', 'limit'],
    zipBomb: ['name'],
    zipEmpty: ['name'],
    zipEntryTooBig: ['name', 'entry', 'limit'],
    zipEntryLies: ['name', 'entry'],
    tooDeep: ['name', 'max'],
    csvHeaderTooLong: ['name', 'limit'],
    csvTooManyDocuments: ['name', 'max'],
    csvTooBig: ['name', 'limit'],
    openTimeout: ['name', 'seconds'],
    openFailed: ['name'],
    stylesheetFailed: ['code'],
    engineFailed: [],
    stylesheetDamaged: [],
    stylesheetMissing: ['stylesheet'],
    dtdRefused: [],
    stylesheetTimeout: ['seconds'],
    closed: [],
    noSef: [],
  },
  standards: {
    cancelled: ['name'],
    doctype: ['name'],
    notXml: ['name'],
    unknownDocument: ['name'],
    ruleSetUnknown: ['name'],
    ruleSetNotApplicable: ['name'],
    tooLarge: ['name'],
    engine: ['name'],
    rulesUnavailable: ['name'],
    timeout: ['name'],
    failed: ['name'],
    running: [],
  },
  folders: {
    watchChooseFolder: [],
    watchNeedsDialog: [],
    itemNotRegular: [],
    itemStillWritten: [],
    watchTaken: ['path', 'country'],
    watchUnknown: ['country'],
    watchGone: ['path'],
    watchIsFile: ['path'],
    watchFailed: ['path', 'said'],
    watchUnreadable: ['path'],
    watchHandOverFailed: ['said'],
    putAsideDiskFull: ['path'],
    putAsideReadOnly: ['path'],
    putAsideDenied: ['path'],
    putAsideFailed: ['path', 'cause'],
    itemLocked: [],
    itemUnreadable: ['code'],
    itemDuplicate: ['name'],
    itemDuplicateStays: ['name'],
    itemCancelled: [],
    itemEndedRefused: [],
    itemEndedFailed: [],
    syncGone: ['path'],
    syncIsFile: ['path'],
    syncReadOnly: ['path'],
    syncDenied: ['path'],
    syncDiskFull: ['path'],
    ruleUnknown: [],
    ruleProfileUnknown: [],
    ruleFolderTaken: ['path', 'rule'],
    ruleChooseFolder: [],
    rulePaused: ['rule'],
    syncWaitProfile: ['profile'],
    syncWaitSignIn: [],
    syncSessionEnded: [],
    syncSomeFailed: ['failed'],
    syncSlowDown: ['seconds'],
    syncUnavailable: ['status', 'seconds'],
    syncUnreachable: ['seconds'],
    syncMarkFailed: ['total'],
    syncRunFailed: ['said'],
  },
  app: {
    channelMissing: ['channel'],
    channelUnknown: [],
    invalidInput: ['said'],
    unexpected: [],
  },
  // KSeF's acceptance pre-checks (shared/ksef/prechecks.ts); `name` is added where a file is named
  ksef: {
    bom: [],
    notUtf8: [],
    encoding: ['encoding'],
    processingInstruction: ['target'],
    discouragedCharacter: ['character'],
    tooLarge: ['size', 'limit'],
    tooLargeWithAttachments: ['size', 'limit'],
    issueDateFuture: ['issueDay', 'todayDay'],
    nipChecksum: ['nip', 'party'],
    internalIdChecksum: ['id', 'party'],
    fa2Refused: ['format', 'sinceDay'],
    fa2TestOnly: ['format', 'sinceDay'],
    attachments: [],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

type Catalog = typeof errorReasonParams;
type Area = keyof Catalog;

export type ErrorReasonKey = { [A in Area]: `${A}.${Extract<keyof Catalog[A], string>}` }[Area];

/** The parameters a reason's sentence uses, by key. */
export type ErrorReasonParamsOf<K extends ErrorReasonKey> = K extends `${infer A extends Area}.${infer N}`
  ? N extends keyof Catalog[A]
    ? Catalog[A][N] extends readonly (infer P extends string)[]
      ? { [Name in P]: string | number }
      : never
    : never
  : never;

export const errorReasonKeys = Object.entries(errorReasonParams).flatMap(([area, keys]) => Object.keys(keys).map((key) => `${area}.${key}`)) as ErrorReasonKey[];

/** The parameter names of one reason (for tests and for checking a construction at run time). */
export function errorReasonParamNames(key: ErrorReasonKey): readonly string[] {
  const [area, name] = key.split('.') as [Area, string];
  return (errorReasonParams[area] as Record<string, readonly string[]>)[name] ?? [];
}

export const errorReasonSchema = z.object({
  key: z.enum(errorReasonKeys as [ErrorReasonKey, ...ErrorReasonKey[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});

export type ErrorReason = z.output<typeof errorReasonSchema>;

export function reason<K extends ErrorReasonKey>(key: K, ...params: keyof ErrorReasonParamsOf<K> extends never ? [] : [ErrorReasonParamsOf<K>]): ErrorReason {
  return { key, params: (params[0] ?? {}) as Record<string, string | number> };
}

const knownReasonKeys: ReadonlySet<string> = new Set(errorReasonKeys);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isParam = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

/**
 * The reason an error's details carry, if any (never throws on foreign details). It accepts exactly
 * what `errorReasonSchema` accepts (a test checks the two agree) without calling zod: the renderer
 * words every error with it, and zod would otherwise be part of its first screen's JS (issue 27).
 */
export function reasonOf(details: unknown): ErrorReason | undefined {
  if (!isRecord(details)) return undefined;
  const why = details.userMessage;
  if (!isRecord(why) || typeof why.key !== 'string' || !knownReasonKeys.has(why.key)) return undefined;
  const params = why.params === undefined ? {} : why.params;
  if (!isRecord(params) || !Object.values(params).every(isParam)) return undefined;
  return { key: why.key as ErrorReasonKey, params: { ...params } as Record<string, string | number> };
}

/** Details that make an error worded by `why` in the UI; other details are kept. */
export function because<D extends object = Record<never, never>>(why: ErrorReason, details?: D): D & { userMessage: ErrorReason } {
  return { ...(details ?? ({} as D)), userMessage: why };
}
