import Fastify, { type FastifyInstance } from 'fastify';
import { registerAuth } from './auth';
import { demoAccounts } from './auth/accounts';
import { provideTokenService } from './auth/token-registry';
import { createTokenService } from './auth/tokens';
import { createStandardsEngine, type StandardsEngine } from '../standards/engine';
import type { EmulatorApps, EmulatorContext, EmulatorOptions, Environment, RegisterArea } from './context';
import { registerDocuments } from './documents';
import { installGlobalFaults } from './faults';
import { registerFiscal } from './fiscal';
import { resolveOptions } from './options';
import { createPersistence } from './persistence';
import { ensurePki, registerClientCertificates } from './pki';
import { createSeededRandom } from './random';
import { seededCashRegisters } from './seed/cash-registers';
import { registerTransfer } from './transfer';

/**
 * One standards engine per process, shared by every emulator it runs (the tests start dozens): its
 * worker threads load SaxonJS, the schemas and the rules once, not once per emulator. The threads
 * are unref'd, so they never keep the process alive.
 */
let sharedStandards: StandardsEngine | undefined;
const sharedStandardsEngine = (): StandardsEngine => (sharedStandards ??= createStandardsEngine());

export interface EmulatorUrls {
  authUrl: string;
  documentsUrl: string;
  transferUrl: string;
  fiscalUrl: string;
  fiscalMtlsUrl: string;
}

/** The one JSON line the CLI prints when ready (DESIGN §5.1). */
export interface StartupLine extends EmulatorUrls {
  caCertPath: string;
  accounts: { name: string; email: string; password: string; environment: Environment; description: string }[];
  clientCertificates: {
    serialNumber: string;
    pemSerialNumber: string;
    fingerprint256: string;
    p12Path: string;
    passphrase: string;
    certPath: string;
    keyPath: string;
  }[];
}

export interface RunningEmulator {
  startupLine: StartupLine;
  urls: EmulatorUrls;
  context: EmulatorContext;
  close(): Promise<void>;
}

/** Things a host process may supply that are not command-line options. */
export interface EmulatorHooks {
  /** The clock every area uses (tests can move time). Default: the system clock. */
  now?: () => Date;
  /** Where log lines go. Default: stderr. */
  log?: (message: string) => void;
  /** Log one line per request (the CLI does). */
  logRequests?: boolean;
  /**
   * Keep the PKI here instead of `<dataDir>/pki` (tests share one per process: RSA key generation
   * is most of the start-up time).
   */
  pkiDir?: string;
  /** Registered after the four areas, before listening (tests add probe routes this way). */
  extraAreas?: RegisterArea[];
}

const listenerNames = ['auth', 'documents', 'transfer', 'fiscal', 'fiscalMtls'] as const;
type ListenerName = (typeof listenerNames)[number];

function serverNamesFor(host: string): string[] {
  const names = ['localhost', '127.0.0.1', '::1'];
  if (!['0.0.0.0', '::', ...names].includes(host)) names.push(host);
  return names;
}

/** The address clients should use: a wildcard bind is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function stderrLog(message: string): void {
  process.stderr.write(`[emulator] ${message}\n`);
}

function addRequestLogging(app: FastifyInstance, name: ListenerName, log: (message: string) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    log(`${name} ${request.method} ${request.url.split('?')[0]} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
  });
}

async function listenAll(apps: EmulatorApps, options: EmulatorOptions): Promise<Record<ListenerName, number>> {
  const ports = {} as Record<ListenerName, number>;
  for (const [index, name] of listenerNames.entries()) {
    const wanted = options.port === 0 ? 0 : options.port + index;
    try {
      await apps[name].listen({ host: options.host, port: wanted });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EADDRNOTAVAIL' ? 'is not available on this machine' : `failed (${(error as Error).message})`;
      throw new Error(`Listening on ${options.host}:${wanted} for the ${name} interface ${why}; choose another --port or --port 0.`, { cause: error });
    }
    const address = apps[name].server.address();
    ports[name] = typeof address === 'object' && address !== null ? address.port : wanted;
  }
  return ports;
}

/**
 * Starts the five listeners of the emulator (DESIGN §5.1): auth, documents, transfer, fiscal over
 * HTTP and fiscal-mTLS over HTTPS, with the areas registered on them.
 */
export async function startEmulator(partial: Partial<EmulatorOptions> = {}, hooks: EmulatorHooks = {}): Promise<RunningEmulator> {
  const options = resolveOptions(partial);
  const log = hooks.log ?? stderrLog;
  const now = hooks.now ?? (() => new Date());
  const persistence = createPersistence(options.dataDir, log);
  const cleanups: (() => Promise<void> | void)[] = [() => persistence.close()];
  const runCleanups = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    // Live list: the fiscal area adds the logins of the cashiers and merchants it creates.
    const accounts = [...demoAccounts];
    const tokenService = createTokenService({
      keyDir: persistence.dir('auth'),
      tokenTtlSeconds: options.tokenTtlSeconds,
      environment: options.environment,
      accounts,
      now,
    });
    const pki = await ensurePki(hooks.pkiDir ?? persistence.dir('pki'), {
      pemSerialNumbers: seededCashRegisters.map((register) => register.pemSerialNumber),
      serverNames: serverNamesFor(options.host),
      log,
    });
    const tokens = await tokenService;
    const standards = sharedStandardsEngine();

    const context: EmulatorContext = {
      options,
      now,
      random: createSeededRandom(options.seed),
      accounts,
      checkToken: (request) => tokens.check(request.headers.authorization),
      pki: { caCertPath: pki.caCertPath, caCertPem: pki.caCertPem, clientCertificates: pki.clientCertificates, issueClientCertificate: pki.issueClientCertificate },
      persistence,
      standards,
      log,
    };
    provideTokenService(context, tokenService);
    cleanups.push(registerClientCertificates(pki.clientCertificates));

    const httpApp = () => Fastify({ logger: false });
    const apps: EmulatorApps = {
      auth: httpApp(),
      documents: httpApp(),
      transfer: httpApp(),
      fiscal: httpApp(),
      // Typed as the HTTP instance the areas expect; routes and hooks are the same over HTTPS.
      fiscalMtls: Fastify({
        logger: false,
        https: {
          key: pki.serverKeyPem,
          cert: pki.serverCertPem,
          ca: [pki.caCertPem],
          requestCert: true,
          // the fiscal area answers 401 itself when no (or an unknown) client certificate is presented
          rejectUnauthorized: false,
        },
      }) as unknown as FastifyInstance,
    };
    cleanups.push(async () => {
      await Promise.allSettled(listenerNames.map((name) => apps[name].close()));
    });

    const faultRandom = context.random.fork('faults');
    for (const name of listenerNames) {
      installGlobalFaults(apps[name], options.faults, faultRandom);
      if (hooks.logRequests) addRequestLogging(apps[name], name, log);
    }

    await registerAuth(apps, context);
    await registerDocuments(apps, context);
    await registerTransfer(apps, context);
    await registerFiscal(apps, context);
    for (const register of hooks.extraAreas ?? []) await register(apps, context);

    const ports = await listenAll(apps, options);
    const host = urlHost(options.host);
    const urls: EmulatorUrls = {
      authUrl: `http://${host}:${ports.auth}`,
      documentsUrl: `http://${host}:${ports.documents}`,
      transferUrl: `http://${host}:${ports.transfer}`,
      fiscalUrl: `http://${host}:${ports.fiscal}`,
      fiscalMtlsUrl: `https://${host}:${ports.fiscalMtls}`,
    };
    const startupLine: StartupLine = {
      ...urls,
      caCertPath: pki.caCertPath,
      accounts: demoAccounts.map(({ name, email, password, description }) => ({
        name,
        email,
        password,
        environment: options.environment,
        description,
      })),
      clientCertificates: pki.clientCertificates.map((c) => ({
        serialNumber: c.serialNumber,
        pemSerialNumber: c.pemSerialNumber,
        fingerprint256: c.fingerprint256,
        p12Path: c.p12Path,
        passphrase: c.passphrase,
        certPath: c.certPath,
        keyPath: c.keyPath,
      })),
    };

    let closing: Promise<void> | undefined;
    return {
      startupLine,
      urls,
      context,
      close: () => (closing ??= runCleanups()),
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
