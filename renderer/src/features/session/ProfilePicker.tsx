import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bridgeKeys, useBridgeMutation } from '../../bridge/queries';
import { EnvironmentBadge, environmentKindOf } from '../../components/EnvironmentBadge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SelectField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { useActiveProfile, useProfilesState } from './hooks';

/** The "Profile" combobox of the sign-in screen: switching calls `profiles.activate`. */
export function ProfilePicker({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useProfilesState();
  const active = useActiveProfile();
  const activate = useBridgeMutation('profiles.activate', {
    onSuccess: (state) => {
      queryClient.setQueryData(bridgeKeys.call('profiles.list'), state);
      onSwitched?.();
    },
  });

  return (
    <div className="profile-picker">
      <div className="profile-picker__row">
        <SelectField
          label={t('session.signIn.profile')}
          value={data?.activeId ?? ''}
          disabled={!data || activate.isPending}
          onChange={(event) => activate.mutate({ id: event.target.value })}
          fieldClassName="profile-picker__field"
        >
          {data?.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </SelectField>
        {active ? <EnvironmentBadge kind={environmentKindOf(active)} /> : null}
      </div>
      {activate.isPending ? (
        <p className="status-line status-line--pending" role="status">
          <Spinner /> {t('session.signIn.switchingProfile')}
        </p>
      ) : null}
      {activate.isError ? <ErrorAlert error={activate.error} /> : null}
    </div>
  );
}
