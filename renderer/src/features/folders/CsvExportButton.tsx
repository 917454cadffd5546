import { useTranslation } from 'react-i18next';
import type { CsvExportInput } from '../../../../shared/contract';
import { useBridgeMutation } from '../../bridge/queries';
import { Button } from '../../components/Button';
import { showToast } from '../../components/toast-store';
import { describeError } from '../../i18n/errors';
import { saveFilePayload } from '../uploads/list/download';

/** "Export CSV" for a list the core can export (the upload history, a PEM's report requests). */
export function CsvExportButton({ input, size = 'md' }: { input: CsvExportInput; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const csv = useBridgeMutation('exports.csv', {
    onSuccess: (payload) => saveFilePayload(payload),
    onError: (error) => showToast({ tone: 'error', title: t('folders.exports.csvFailed'), body: describeError(t, error).summary }),
  });
  return (
    <Button variant="ghost" size={size} pending={csv.isPending} onClick={() => csv.mutate(input)}>
      {t('folders.exports.uploadsCsv')}
    </Button>
  );
}
