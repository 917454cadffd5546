/**
 * A stand-in for `emulator/cli.ts` in the runner's unit tests. FAKE_EMULATOR_MODE picks a
 * behaviour: `ok` (startup line, then stays up), `garbage`, `incomplete`, `exit`, `hang`,
 * `die-after-ready`, `stubborn` (ignores SIGTERM).
 */
const mode = process.env.FAKE_EMULATOR_MODE ?? 'ok';
const args = process.argv.slice(2);

const startupLine = {
  authUrl: 'http://127.0.0.1:1',
  documentsUrl: 'http://127.0.0.1:2',
  transferUrl: 'http://127.0.0.1:3',
  fiscalUrl: 'http://127.0.0.1:4',
  fiscalMtlsUrl: 'https://127.0.0.1:5',
  caCertPath: '/nonexistent/ca.crt',
  accounts: [{ name: 'full', email: 'full@example.test', password: 'secret-pass', environment: 'sandbox', description: 'All of it' }],
  clientCertificates: [{ serialNumber: 'E001-000001', p12Path: '/nonexistent/E001.p12', passphrase: 'p' }],
  args,
};

const stayAlive = (): void => {
  setInterval(() => undefined, 60_000);
};

process.stderr.write(`fake emulator starting in mode ${mode}\n`);
process.on('SIGTERM', () => {
  if (mode === 'stubborn') {
    process.stderr.write('fake emulator ignores SIGTERM\n');
    return;
  }
  process.stderr.write('fake emulator stopping\n');
  process.exit(0);
});

switch (mode) {
  case 'garbage':
    process.stdout.write('Listening on port 1234\n');
    stayAlive();
    break;
  case 'incomplete':
    process.stdout.write(`${JSON.stringify({ authUrl: 'http://127.0.0.1:1' })}\n`);
    stayAlive();
    break;
  case 'exit':
    process.stderr.write('could not bind: address in use\n');
    process.exit(3);
    break;
  case 'hang':
    stayAlive();
    break;
  case 'die-after-ready':
    process.stdout.write(`${JSON.stringify(startupLine)}\n`);
    setTimeout(() => {
      process.stderr.write('fake emulator crashed\n');
      process.exit(7);
    }, 300);
    break;
  default:
    // Split the line in two writes: the runner must wait for the newline.
    process.stdout.write(JSON.stringify(startupLine).slice(0, 40));
    setTimeout(() => {
      process.stdout.write(`${JSON.stringify(startupLine).slice(40)}\n`);
      process.stdout.write('a later stdout line\n');
    }, 50);
    stayAlive();
}
