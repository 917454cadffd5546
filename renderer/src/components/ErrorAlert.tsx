import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, type ErrorContext } from '../i18n/errors';
import { Alert } from './Alert';

interface ErrorAlertProps {
  error: unknown;
  title?: ReactNode;
  context?: ErrorContext;
  actions?: ReactNode;
}

/** An error as the user reads it: a title, the friendly sentence for its code, what the service said. */
export function ErrorAlert({ error, title, context, actions }: ErrorAlertProps) {
  const { t } = useTranslation();
  const { summary, detail } = describeError(t, error, context);
  return (
    <Alert tone="error" title={title ?? summary} actions={actions}>
      {title ? <p>{summary}</p> : null}
      {detail ? <p className="alert__detail">{t('common.detail', { message: detail })}</p> : null}
    </Alert>
  );
}
