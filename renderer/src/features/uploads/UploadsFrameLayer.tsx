/**
 * The uploads feature's part of the app frame, present on every page: the window-wide drop zone,
 * the live list's event sync, the batch summary toasts and the polite status announcements.
 * Kept small: the uploads page itself is a lazy chunk.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bridge } from '../../bridge';
import { Icon } from '../../components/Icon';
import './frame-layer.css';
import { i18n } from '../../i18n';
import { addToDraftInSteps } from './batch/draft-store';
import { collectFromDataTransfer, dragHasFiles } from './intake/dropped-files';
import { batchSummaries, setUploadsNavigator } from './summary-toast';
import { statusLabel } from './format';
import { announce, useUploadsUi } from './model/ui-store';
import { applyChangedEntries, createChangeBuffer, uploadsListKey, type StatusChange } from './list/uploads-cache';

function announceChanges(changes: readonly StatusChange[]): void {
  if (changes.length === 0) return;
  const t = i18n.t.bind(i18n);
  const byStatus = new Map<string, StatusChange[]>();
  for (const change of changes) byStatus.set(change.status, [...(byStatus.get(change.status) ?? []), change]);
  const sentences = [...byStatus.values()].map((group) => {
    const status = statusLabel(t, group[0]!.status);
    return group.length === 1
      ? t('uploads.announce.one', { name: group[0]!.entry.fileName, status })
      : t('uploads.announce.many', { count: group.length, status });
  });
  announce(sentences.join('. '));
}

/** Events of the core that keep the uploads cache fresh and tell the user what happened. */
function useUploadEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const changes = createChangeBuffer((entries) => announceChanges(applyChangedEntries(queryClient, entries)));
    const offs = [
      changes.flush,
      bridge.on('uploads.changed', ({ entries }) => changes.push(entries)),
      bridge.on('uploads.batchSettled', ({ batchId, done, failed, rejected }) => batchSummaries.settled(batchId, { done, failed, rejected })),
      // Another account sees other entries (and other warnings).
      bridge.on('session.changed', () => void queryClient.invalidateQueries({ queryKey: uploadsListKey })),
    ];
    return () => offs.forEach((off) => off());
  }, [queryClient]);
}

/** Hides the overlay when the drag leaves the window or stops without a drop (no more dragover). */
const DRAG_IDLE_MS = 400;

function DropOverlay({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dragging, setDragging] = useState(false);
  const idleTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const stop = () => {
      window.clearTimeout(idleTimer.current);
      setDragging(false);
    };
    const keepAlive = () => {
      window.clearTimeout(idleTimer.current);
      idleTimer.current = window.setTimeout(stop, DRAG_IDLE_MS);
    };
    const onDragOver = (event: DragEvent) => {
      if (!dragHasFiles(event.dataTransfer)) return;
      // A drop target of the page (e.g. a certificate field) took this drag: leave it to it.
      const takenInside = event.defaultPrevented;
      // Always: a file dropped outside a drop zone would otherwise replace the app with the file.
      event.preventDefault();
      if (takenInside || disabled) {
        if (!takenInside && event.dataTransfer) event.dataTransfer.dropEffect = 'none';
        stop();
        return;
      }
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
      keepAlive();
    };
    const onDragLeave = (event: DragEvent) => {
      if (event.relatedTarget === null) stop();
    };
    const onDrop = (event: DragEvent) => {
      if (!dragHasFiles(event.dataTransfer) || !event.dataTransfer) return;
      // A page's own drop target (e.g. a certificate field) handled it already.
      const handledInside = event.defaultPrevented;
      event.preventDefault();
      stop();
      if (disabled || handledInside) return;
      collectFromDataTransfer(event.dataTransfer)
        .then(async (collected) => {
          if (collected.files.length === 0 && collected.unreadable.length === 0) return;
          await addToDraftInSteps(collected);
          navigate('/uploads');
        })
        .catch(() => undefined);
    };
    window.addEventListener('dragenter', onDragOver);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    window.addEventListener('blur', stop);
    return () => {
      window.clearTimeout(idleTimer.current);
      window.removeEventListener('dragenter', onDragOver);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('blur', stop);
    };
  }, [disabled, navigate]);

  if (!dragging) return null;
  return (
    <div className="upload-drop-overlay">
      <div className="upload-drop-overlay__panel" role="status">
        <span className="upload-drop-overlay__icon">
          <Icon name="uploads" size={28} />
        </span>
        <p className="upload-drop-overlay__title">{t('uploads.drop.title')}</p>
        <p className="upload-drop-overlay__hint">{t('uploads.drop.hint')}</p>
      </div>
    </div>
  );
}

function StatusAnnouncer() {
  const announcement = useUploadsUi((state) => state.announcement);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {/* The serial re-renders the text node so a repeated sentence is announced again. */}
      <span key={announcement.serial}>{announcement.text}</span>
    </div>
  );
}

export function UploadsFrameLayer({ disabled }: { disabled: boolean }) {
  const navigate = useNavigate();
  useUploadEvents();
  useEffect(() => {
    setUploadsNavigator(() => navigate('/uploads'));
    return () => setUploadsNavigator(null);
  }, [navigate]);
  return (
    <>
      <DropOverlay disabled={disabled} />
      <StatusAnnouncer />
    </>
  );
}
