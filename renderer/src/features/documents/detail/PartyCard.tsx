import { useTranslation } from 'react-i18next';
import type { Address, Identifier, Party } from '../../../../../shared/ubl/types';

const identifierText = (identifier: Identifier): string => (identifier.scheme ? `${identifier.scheme}:${identifier.value}` : identifier.value);

export function addressLines(address: Address | undefined): string[] {
  if (!address) return [];
  const city = [address.postalZone, address.cityName].filter(Boolean).join(' ');
  return [address.streetName, address.additionalStreetName, ...address.lines, city, address.countrySubentity, address.countryCode].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
}

/** A party of the document: its names, identifiers, address and contact. */
export function PartyCard({ role, party }: { role: string; party: Party }) {
  const { t } = useTranslation();
  const name = party.name ?? party.registrationName ?? (party.endpoint ? identifierText(party.endpoint) : t('documents.detail.unnamed'));
  const lines = addressLines(party.address);
  const rows: Array<[string, string]> = [];
  if (party.registrationName && party.registrationName !== name) rows.push([t('documents.detail.party.registrationName'), party.registrationName]);
  if (party.endpoint) rows.push([t('documents.detail.party.endpoint'), identifierText(party.endpoint)]);
  if (party.legalId) rows.push([t('documents.detail.party.legalId'), identifierText(party.legalId)]);
  if (party.vatId) rows.push([t('documents.detail.party.vatId'), party.vatId]);
  for (const identifier of party.identifiers) rows.push([t('documents.detail.party.identifier'), identifierText(identifier)]);
  const contact = [party.contact?.name, party.contact?.telephone, party.contact?.email].filter(Boolean).join(' · ');

  return (
    <section className="party-card" aria-label={`${role}: ${name}`}>
      <p className="party-card__role">{role}</p>
      <p className="party-card__name">{name}</p>
      {lines.length > 0 ? (
        <address className="party-card__address">
          {lines.map((line, index) => (
            <span key={`${index}-${line}`}>{line}</span>
          ))}
        </address>
      ) : null}
      {rows.length > 0 ? (
        <dl className="kv-list">
          {rows.map(([label, value], index) => (
            <div key={`${index}-${label}`} className="kv-list__row">
              <dt>{label}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {contact ? <p className="party-card__contact">{contact}</p> : null}
    </section>
  );
}
