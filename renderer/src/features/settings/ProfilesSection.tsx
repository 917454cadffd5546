import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfilesState } from '../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../bridge/queries';
import { Button } from '../../components/Button';
import { EnvironmentBadge, environmentKindOf } from '../../components/EnvironmentBadge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { showToast } from '../../components/toast-store';
import { useEmulatorStatus, useProfilesState } from '../session/hooks';
import { draftFromProfile, newDraft } from './profile-draft';
import { ProfileForm } from './ProfileForm';

type Selection = { kind: 'existing'; id: string } | { kind: 'new' };

export function ProfilesSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profilesQuery = useProfilesState();
  const state = profilesQuery.data;
  const [selection, setSelection] = useState<Selection | null>(null);
  const [formVersion, setFormVersion] = useState(0);

  const putState = (next: ProfilesState) => queryClient.setQueryData(bridgeKeys.call('profiles.list'), next);
  const save = useBridgeMutation('profiles.save');
  const remove = useBridgeMutation('profiles.delete');
  const activate = useBridgeMutation('profiles.activate');

  const selectedId = selection?.kind === 'existing' ? selection.id : selection === null ? (state?.activeId ?? null) : null;
  const selected = state?.profiles.find((profile) => profile.id === selectedId);
  const emulator = useEmulatorStatus(selected?.kind === 'emulator');

  if (profilesQuery.isError) return <ErrorAlert error={profilesQuery.error} />;
  if (!state) return <Spinner size="md" />;

  const select = (next: Selection) => {
    save.reset();
    remove.reset();
    activate.reset();
    setSelection(next);
    setFormVersion((v) => v + 1);
  };

  const onSave = (profile: Profile) =>
    save.mutate(profile, {
      onSuccess: (next) => {
        putState(next);
        select({ kind: 'existing', id: profile.id });
        showToast({ tone: 'success', title: (t) => t('settings.profiles.saved', { name: profile.name }), timeoutMs: 4000 });
      },
    });

  const onDelete = (profile: Profile) =>
    remove.mutate(
      { id: profile.id },
      {
        onSuccess: (next) => {
          putState(next);
          select({ kind: 'existing', id: next.activeId });
          showToast({
            tone: 'info',
            title: (t) => t('settings.profiles.deleted', { name: profile.name }),
            timeoutMs: 8000,
            // Deleting is immediate; undo puts the same profile back.
            action: {
              label: (t) => t('common.undo'),
              run: () => save.mutate(profile, { onSuccess: putState }),
            },
          });
        },
      },
    );

  const onActivate = (profile: Profile) =>
    activate.mutate(
      { id: profile.id },
      {
        onSuccess: (next) => {
          putState(next);
          showToast({ tone: 'success', title: (t) => t('settings.profiles.activated', { name: profile.name }), timeoutMs: 4000 });
        },
      },
    );

  const existingIds = state.profiles.map((profile) => profile.id);
  const draft = selection?.kind === 'new' || !selected ? newDraft() : draftFromProfile(selected);

  return (
    <div className="profiles">
      <div className="profiles__list">
        <ul className="profile-list" aria-label={t('settings.profiles.listLabel')}>
          {state.profiles.map((profile) => {
            const isSelected = selection?.kind !== 'new' && profile.id === selectedId;
            return (
              <li key={profile.id}>
                <button
                  type="button"
                  className={`profile-list__item${isSelected ? ' profile-list__item--selected' : ''}`}
                  aria-pressed={isSelected}
                  onClick={() => select({ kind: 'existing', id: profile.id })}
                >
                  <span className="profile-list__name">
                    {profile.name}
                    {profile.id === state.activeId ? (
                      <span className="profile-list__active">
                        <Icon name="check" /> {t('settings.profiles.active')}
                      </span>
                    ) : null}
                  </span>
                  <span className="profile-list__meta">
                    <EnvironmentBadge kind={environmentKindOf(profile)} size="sm" />
                    {profile.builtIn ? <span className="profile-list__builtin">{t('settings.profiles.builtIn')}</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <Button icon="plus" onClick={() => select({ kind: 'new' })} className="profiles__new">
          {t('settings.profiles.new')}
        </Button>
      </div>
      <div className="profiles__form">
        {remove.isError ? <ErrorAlert error={remove.error} /> : null}
        {activate.isError ? <ErrorAlert error={activate.error} /> : null}
        <ProfileForm
          key={`${selection?.kind === 'new' ? 'new' : (selectedId ?? 'none')}:${formVersion}`}
          initial={draft}
          existingIds={existingIds}
          isActive={selected?.id === state.activeId && selection?.kind !== 'new'}
          emulator={emulator.data}
          saving={save.isPending}
          saveError={save.error}
          activating={activate.isPending}
          deleting={remove.isPending}
          onSave={onSave}
          onActivate={() => selected && onActivate(selected)}
          onDelete={() => selected && onDelete(selected)}
        />
      </div>
    </div>
  );
}
