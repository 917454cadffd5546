/**
 * What every emulator area (auth, documents, transfer, fiscal) receives from the server.
 * Each area exports `register…(apps, ctx)` and owns its own state and persistence.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StandardsEngine } from '../standards/engine';

export type Environment = 'sandbox' | 'production';
export type UploadCountry = 'IT' | 'PL';
/** `enabled`: REST upload works; `no_access`: 403; `not_configured`: 409 transfer_not_configured. */
export type UploadAccess = 'enabled' | 'no_access' | 'not_configured';

export interface DemoAccount {
  /** `full`, `no-upload-pl`, `transfer-unconfigured-it`, `read-only`. */
  name: string;
  email: string;
  password: string;
  description: string;
  uid: string;
  fullname: string;
  /** The JWT `roles` claim: project domain → role names. */
  roles: Record<string, string[]>;
  uploadAccess: Record<UploadCountry, UploadAccess>;
  /** May send documents (POST) and mark them downloaded on the document interface. */
  canWrite: boolean;
}

export interface TokenClaims {
  iat: number;
  exp: number;
  roles: Record<string, string[]>;
  username: string;
  uid: string;
  environment: Environment;
  fid: null;
  pid: null;
}

export type TokenCheck =
  | { ok: true; claims: TokenClaims; account: DemoAccount }
  | { ok: false; reason: 'missing' | 'malformed' | 'invalid' | 'expired' | 'environment' | 'unknown_user'; message: string };

export interface Faults {
  /** Probability (0..1) that POST /upload answers 503. */
  upload503: number;
  /** Extra latency in ms added to every request, picked uniformly in [min, max]. */
  latency: { min: number; max: number } | null;
  /** Probability that a connection is destroyed without an answer. */
  drop: number;
  /** Probability that a document-interface GET answers 500 (bulk-download resilience). */
  documents500: number;
  /** Probability that a report generation ends `failed`. */
  reportFail: number;
  /** Any further `name=value` pairs, kept for areas that define their own. */
  extra: Record<string, string>;
}

export interface EmulatorOptions {
  host: string;
  /** 0 → free ports; otherwise ports port..port+4 (auth, documents, transfer, fiscal, fiscal-mTLS). */
  port: number;
  dataDir: string | null;
  seed: number;
  documents: number;
  tokenTtlSeconds: number;
  processingDelayMs: number;
  faults: Faults;
  environment: Environment;
}

export interface ClientCertificateInfo {
  /** The PEM (fiscal device) serial number this cash-register certificate identifies. */
  pemSerialNumber: string;
  /** The X.509 certificate serial number, hex. */
  serialNumber: string;
  /** SHA-256 fingerprint of the DER certificate, lowercase hex without colons. */
  fingerprint256: string;
  p12Path: string;
  certPath: string;
  keyPath: string;
  passphrase: string;
}

export interface Persistence {
  /** The area's saved state, or undefined on a first start / without --data-dir. */
  load<T>(area: string): T | undefined;
  /** Atomic write (temp file + rename); a no-op without --data-dir. Callers may debounce. */
  save(area: string, state: unknown): void;
  /** A folder the area may keep files in (inside the data dir, or a temp dir). */
  dir(area: string): string;
}

export interface EmulatorContext {
  options: EmulatorOptions;
  now(): Date;
  /** Deterministic random source from --seed; `fork(label)` gives an independent stream. */
  random: SeededRandom;
  accounts: DemoAccount[];
  /** Checks `Authorization: Bearer …`: signature, expiry, the environment the emulator plays. */
  checkToken(request: FastifyRequest): Promise<TokenCheck>;
  pki: {
    caCertPath: string;
    caCertPem: string;
    clientCertificates: ClientCertificateInfo[];
    /** Issues a cash-register client certificate (CN = the PEM serial number) from the emulator's CA. */
    issueClientCertificate(pemSerialNumber: string): Promise<{ certPem: string; keyPem: string; serialNumber: string; fingerprint256: string }>;
  };
  persistence: Persistence;
  /** The official XSD and Schematron validation (standards/engine), in worker threads started on first use. */
  standards: StandardsEngine;
  log: (message: string) => void;
}

export interface SeededRandom {
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  fork(label: string): SeededRandom;
}

export interface EmulatorApps {
  auth: FastifyInstance;
  documents: FastifyInstance;
  transfer: FastifyInstance;
  fiscal: FastifyInstance;
  /** HTTPS, client certificate requested; the area checks `request.socket` for the peer certificate. */
  fiscalMtls: FastifyInstance;
}

/** Each area's module default-exports nothing; it exports a function of this shape. */
export type RegisterArea = (apps: EmulatorApps, ctx: EmulatorContext) => Promise<void> | void;
