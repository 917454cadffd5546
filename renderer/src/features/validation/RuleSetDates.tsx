import { useTranslation } from 'react-i18next';
import type { LocalValidation } from '../../../../shared/contract/standards';
import { formatDate } from '../../format';

/**
 * Which release of the official rules a check used and the days it is in force, and, when a
 * successor becomes mandatory within 90 days (or already has while its rules are not published),
 * what that means for this check, in plain words. The engine decides the window (standards/engine/calendar.ts).
 */
export function RuleSetDates({ ruleSet, className }: { ruleSet: LocalValidation['ruleSet']; className?: string }) {
  const { t, i18n } = useTranslation();
  const date = (day: string) => formatDate(i18n.language, day);
  const successor = ruleSet.successor;
  const successorKey = successor
    ? successor.daysUntil > 0
      ? successor.rulesAvailable
        ? ('validation.ruleSetDates.successor.comingAvailable' as const)
        : ('validation.ruleSetDates.successor.comingUnpublished' as const)
      : successor.rulesAvailable
        ? ('validation.ruleSetDates.successor.inForceAvailable' as const)
        : ('validation.ruleSetDates.successor.inForceUnpublished' as const)
    : undefined;
  return (
    <>
      {ruleSet.release && ruleSet.validFrom ? (
        <p className={className}>
          {ruleSet.validUntil
            ? t('validation.ruleSetDates.fromTo', { release: ruleSet.release, from: date(ruleSet.validFrom), until: date(ruleSet.validUntil), day: date(ruleSet.checkedOn) })
            : t('validation.ruleSetDates.from', { release: ruleSet.release, from: date(ruleSet.validFrom), day: date(ruleSet.checkedOn) })}
        </p>
      ) : null}
      {successor && successorKey ? (
        <p className={`validation__successor${className ? ` ${className}` : ''}`} role="note">
          {t(successorKey, { title: successor.title, version: successor.version, date: date(successor.validFrom), current: successor.currentVersion })}
        </p>
      ) : null}
    </>
  );
}
