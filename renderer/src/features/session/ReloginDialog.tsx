import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { DemoAccounts } from './DemoAccounts';
import { useActiveProfile, useDemoAccounts, useEmulatorStatus } from './hooks';
import { abandonRelogin, finishRelogin, useReloginStore } from './relogin';
import { applySessionStatus, sessionStatusKey } from './session-cache';
import { useLogin } from './useLogin';

/** "Sign in again": shown over the mounted page when the session ended; the page's calls retry after. */
export function ReloginDialog() {
  const open = useReloginStore((state) => state.open);
  return open ? <ReloginDialogContent /> : null;
}

function ReloginDialogContent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { reason, previous } = useReloginStore();
  const knownEmail = previous?.user?.email ?? null;
  const rememberMe = previous?.rememberMe ?? false;
  const active = useActiveProfile();
  const isEmulator = active?.kind === 'emulator';
  const emulator = useEmulatorStatus(isEmulator);
  const demo = useDemoAccounts(isEmulator && emulator.data?.state === 'running');
  const login = useLogin(finishRelogin);
  const [email, setEmail] = useState(knownEmail ?? '');
  const [password, setPassword] = useState('');
  const [missingPassword, setMissingPassword] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const descriptionId = 'relogin-description';

  const pendingDemo =
    login.isPending && login.variables && 'demoAccount' in login.variables ? login.variables.demoAccount : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !email.trim()) {
      setMissingPassword(true);
      passwordRef.current?.focus();
      return;
    }
    login.mutate({ email: email.trim(), password, rememberMe });
  };

  const signOutInstead = async () => {
    setSigningOut(true);
    const previous = queryClient.getQueryData<SessionStatus>(sessionStatusKey);
    const fallback: SessionStatus = { state: 'signedOut', profileId: previous?.profileId ?? '', projects: [], rememberMe: false };
    const status = await bridge.invoke('session.logout').catch(() => fallback);
    abandonRelogin();
    applySessionStatus(queryClient, status, 'logout');
  };

  return (
    <Modal title={t('session.relogin.title')} initialFocus={passwordRef} describedBy={descriptionId}>
      <p id={descriptionId} className="modal__text">
        {t(reason === 'expired' ? 'session.relogin.expired' : 'session.relogin.unauthorized')}
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label={t('session.signIn.email')}
          type="email"
          autoComplete="username"
          value={email}
          readOnly={knownEmail !== null}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          ref={passwordRef}
          label={t('session.signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissingPassword(false);
          }}
        />
        {missingPassword ? (
          <Alert tone="error" title={t(email.trim() ? 'session.signIn.passwordRequired' : 'session.signIn.emailRequired')} />
        ) : login.isError ? (
          <ErrorAlert error={login.error} context="login" title={t('session.signIn.failed')} />
        ) : null}
        <div className="modal__actions">
          <Button variant="ghost" onClick={() => void signOutInstead()} pending={signingOut} disabled={login.isPending}>
            {t('session.relogin.signOut')}
          </Button>
          <Button type="submit" variant="primary" pending={login.isPending && pendingDemo === null} disabled={signingOut || login.isPending}>
            {t('session.signIn.submit')}
          </Button>
        </div>
      </form>
      {isEmulator && demo.data && demo.data.length > 0 ? (
        <div className="modal__section">
          <p className="modal__hint">{t('session.relogin.demoHint')}</p>
          <DemoAccounts
            compact
            accounts={demo.data}
            pendingName={pendingDemo}
            disabled={signingOut || login.isPending}
            onPick={(name) => login.mutate({ demoAccount: name, rememberMe })}
          />
        </div>
      ) : null}
    </Modal>
  );
}
