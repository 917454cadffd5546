import { useTranslation } from 'react-i18next';
import type { PemStatus } from '../../../../../shared/contract';
import { pemStatusTone } from '../model/status';
import { StatusBadge } from '../ui';

export function PemStatusBadge({ status }: { status: PemStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={pemStatusTone(status)}>{t(`fiscal.pemStatus.${status}`)}</StatusBadge>;
}
