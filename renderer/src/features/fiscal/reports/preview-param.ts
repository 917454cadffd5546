import { useSearchParams } from 'react-router';

/** The report shown in the PDF preview lives in the URL (`?preview=<report uuid>`), so a toast can open it. */
export function usePreviewParam(): [string | null, (reportUuid: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('preview');
  const set = (reportUuid: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (reportUuid) next.set('preview', reportUuid);
        else next.delete('preview');
        return next;
      },
      { replace: true },
    );
  return [current, set];
}

export const previewPath = (serialNumber: string, reportUuid: string): string =>
  `/fiscal/pems/${encodeURIComponent(serialNumber)}?preview=${encodeURIComponent(reportUuid)}`;
