import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../components/Modal';

interface Command {
  id: string;
  label: string;
  run: () => void;
}

/** Ctrl+K (⌘K on a Mac) from anywhere in the signed-in app. */
export const isPaletteShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/** A document number as typed: letters, digits and the usual separators, at least one digit. */
const looksLikeDocumentNumber = (query: string): boolean => /^[\w./-]{2,}$/.test(query) && /\d/.test(query);

/** The command palette: go anywhere and start the main tasks by keyboard. */
export function CommandPalette() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setQuery('');
      setActive(0);
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const commands = useMemo<Command[]>(() => {
    const go = (path: string) => () => void navigate(path);
    const trimmed = query.trim();
    const all: Command[] = [
      ...(looksLikeDocumentNumber(trimmed)
        ? [{ id: 'open-document', label: t('palette.openDocument', { number: trimmed }), run: go(`/documents?documentNumber=${encodeURIComponent(trimmed)}`) }]
        : []),
      { id: 'documents', label: t('palette.goDocuments'), run: go('/documents') },
      { id: 'upload', label: t('palette.uploadFiles'), run: go('/uploads') },
      { id: 'uploads', label: t('palette.goUploads'), run: go('/uploads') },
      { id: 'close-journal', label: t('palette.closeJournal'), run: go('/fiscal') },
      { id: 'fiscal', label: t('palette.goFiscal'), run: go('/fiscal') },
      { id: 'open-file', label: t('viewer.palette.openFile'), run: go('/open') },
      { id: 'validate-file', label: t('viewer.palette.validateFile'), run: go('/validate') },
      { id: 'profile', label: t('palette.switchProfile'), run: go('/settings') },
      { id: 'settings', label: t('palette.goSettings'), run: go('/settings') },
    ];
    const words = trimmed.toLowerCase().split(/\s+/).filter(Boolean);
    return all.filter((command) => command.id === 'open-document' || words.every((word) => command.label.toLowerCase().includes(word)));
  }, [navigate, query, t]);

  if (!open) return null;
  const close = () => setOpen(false);
  const run = (command: Command | undefined) => {
    if (!command) return;
    close();
    command.run();
  };
  const selected = Math.min(active, Math.max(commands.length - 1, 0));

  return (
    <Modal title={t('palette.title')} onEscape={close} initialFocus={inputRef} size="md">
      <div className="palette">
        <input
          ref={inputRef}
          className="input palette__input"
          role="combobox"
          aria-label={t('palette.search')}
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={commands[selected] ? `${listId}-${commands[selected].id}` : undefined}
          placeholder={t('palette.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((selected + 1) % Math.max(commands.length, 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((selected - 1 + commands.length) % Math.max(commands.length, 1));
            } else if (event.key === 'Enter') {
              event.preventDefault();
              run(commands[selected]);
            }
          }}
        />
        <ul id={listId} role="listbox" aria-label={t('palette.results')} className="palette__list">
          {commands.map((command, index) => (
            <li
              key={command.id}
              id={`${listId}-${command.id}`}
              role="option"
              aria-selected={index === selected}
              className={`palette__option${index === selected ? ' palette__option--active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => run(command)}
            >
              {command.label}
            </li>
          ))}
        </ul>
        {commands.length === 0 ? <p className="palette__none">{t('palette.none', { query })}</p> : null}
        <p className="palette__hint">{t('palette.hint')}</p>
      </div>
    </Modal>
  );
}
