import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bridgeKeys, useBridgeMutation } from '../../bridge/queries';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Checkbox, TextField } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Logo } from '../../components/Logo';
import { DemoAccounts } from './DemoAccounts';
import { EmulatorStatusLine } from './EmulatorStatusLine';
import { useActiveProfile, useAppInfo, useDemoAccounts, useEmulatorStatus } from './hooks';
import { ProfilePicker } from './ProfilePicker';
import { useLogin } from './useLogin';

type MissingField = 'email' | 'password';

export function SignInPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const active = useActiveProfile();
  const isEmulator = active?.kind === 'emulator';
  const emulator = useEmulatorStatus(isEmulator);
  const emulatorRunning = isEmulator && emulator.data?.state === 'running';
  const demo = useDemoAccounts(emulatorRunning);
  const appInfo = useAppInfo();
  const login = useLogin();
  const restartEmulator = useBridgeMutation('profiles.activate', {
    onSuccess: (state) => queryClient.setQueryData(bridgeKeys.call('profiles.list'), state),
  });

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [missing, setMissing] = useState<MissingField | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const insecureStorage = appInfo.data && !appInfo.data.secretStorage.secure;
  const pendingDemo =
    login.isPending && login.variables && 'demoAccount' in login.variables ? login.variables.demoAccount : null;
  const pendingCredentials = login.isPending && pendingDemo === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextMissing: MissingField | null = !email.trim() ? 'email' : !password ? 'password' : null;
    setMissing(nextMissing);
    if (nextMissing) {
      (nextMissing === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    login.mutate({ email: email.trim(), password, rememberMe });
  };

  const showDemo = isEmulator && emulatorRunning;

  return (
    <main className="auth-screen">
      <div className="auth-screen__brand">
        <Logo />
        <span className="auth-screen__tagline">{t('app.tagline')}</span>
      </div>
      <div className={`auth-card${showDemo ? ' auth-card--split' : ''}`}>
        <div className="auth-card__main">
          <h1 className="auth-card__title">{t('session.signIn.title')}</h1>
          <p className="auth-card__subtitle">{t('session.signIn.subtitle')}</p>

          <ProfilePicker
            onSwitched={() => {
              login.reset();
              setMissing(null);
            }}
          />

          {active?.kind === 'remote' && active.environment === 'production' ? (
            <Alert tone="warning" live={false} title={t('session.signIn.productionWarning')} />
          ) : null}
          {isEmulator ? (
            <EmulatorStatusLine
              status={emulator.data}
              restarting={restartEmulator.isPending}
              onRestart={() => active && restartEmulator.mutate({ id: active.id })}
            />
          ) : null}
          {restartEmulator.isError ? <ErrorAlert error={restartEmulator.error} /> : null}

          <form className="auth-form" onSubmit={submit} noValidate>
            <TextField
              ref={emailRef}
              label={t('session.signIn.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (missing === 'email') setMissing(null);
              }}
              aria-invalid={missing === 'email' || undefined}
            />
            <TextField
              ref={passwordRef}
              label={t('session.signIn.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                if (missing === 'password') setMissing(null);
              }}
              aria-invalid={missing === 'password' || undefined}
            />
            <Checkbox
              label={t('session.signIn.rememberMe')}
              hint={t('session.signIn.rememberMeHint')}
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
            {/* Only with "Remember me" on is anything kept: say it there, briefly; where it is kept on demand. */}
            {insecureStorage && rememberMe ? (
              <div className="auth-form__note" role="note">
                <Icon name="lock" />
                <div>
                  <p className="auth-form__note-title">{t('session.insecureStorage.title')}</p>
                  <p>{t('session.insecureStorage.body')}</p>
                  {appInfo.data?.secretStorage.note ? (
                    <details className="auth-form__note-details">
                      <summary>{t('session.insecureStorage.where')}</summary>
                      <p className="auth-form__note-where">{appInfo.data.secretStorage.note}</p>
                    </details>
                  ) : null}
                </div>
              </div>
            ) : null}
            {missing ? (
              <Alert tone="error" title={t(missing === 'email' ? 'session.signIn.emailRequired' : 'session.signIn.passwordRequired')} />
            ) : login.isError ? (
              <ErrorAlert error={login.error} context="login" title={t('session.signIn.failed')} />
            ) : null}
            <Button type="submit" variant="primary" size="lg" pending={pendingCredentials} disabled={login.isPending} className="auth-form__submit">
              {t('session.signIn.submit')}
            </Button>
          </form>
          <p className="auth-card__open">
            <Link to="/open">{t('viewer.openFile.fromSignIn')}</Link>
            <span aria-hidden="true"> · </span>
            <Link to="/validate">{t('viewer.validateFile.fromSignIn')}</Link>
          </p>
        </div>

        {showDemo ? (
          <aside className="auth-card__aside" aria-labelledby="demo-accounts-title">
            <h2 id="demo-accounts-title" className="auth-card__aside-title">
              {t('session.demo.title')}
            </h2>
            <p className="auth-card__aside-text">{t('session.demo.subtitle')}</p>
            {demo.isError ? (
              <ErrorAlert error={demo.error} title={t('session.demo.loadFailed')} />
            ) : (
              <DemoAccounts
                accounts={demo.data ?? []}
                pendingName={pendingDemo}
                disabled={login.isPending}
                onPick={(name) => {
                  setMissing(null);
                  login.mutate({ demoAccount: name, rememberMe });
                }}
              />
            )}
          </aside>
        ) : null}
      </div>
      {appInfo.data ? <p className="auth-screen__footer">{t('nav.version', { version: appInfo.data.version })}</p> : null}
    </main>
  );
}
