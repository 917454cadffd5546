/** The Hydra collection envelope of the lists (spec "Collection envelope"). */
import type { ListQuery } from './list-query';
import { listParameterNames } from './list-query';
import type { DocumentRecord, DocumentResource } from './resources';

/** Which record property each query parameter filters or sorts on (null: paging). */
const parameterProperty = (name: string): string | null => {
  if (name === 'page' || name === 'itemsPerPage') return null;
  const base = name.replace(/\[.*$/, '');
  const key = /\[(.*)\]$/.exec(name)?.[1];
  if (base === 'sortBy') return propertyOf(key ?? '');
  return propertyOf(base);
};

function propertyOf(name: string): string {
  switch (name) {
    case 'senderName':
      return 'sender.name';
    case 'senderId':
      return 'sender.identifier';
    case 'recipientName':
      return 'recipient.name';
    case 'recipientId':
      return 'recipient.identifier';
    case 'documentNumber':
      return 'number';
    case 'documentDate':
      return 'date';
    default:
      return name;
  }
}

function pageIri(resource: DocumentResource, query: ListQuery, page: number): string {
  const params = new URLSearchParams(query.filterParams);
  if (query.itemsPerPageGiven) params.set('itemsPerPage', String(query.itemsPerPage));
  params.set('page', String(page));
  // Brackets stay readable in the IRIs, as API Platform writes them.
  return `/${resource.path}?${params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
}

export function hydraCollection(resource: DocumentResource, query: ListQuery, members: DocumentRecord[], total: number) {
  const view: Record<string, string> = { '@id': pageIri(resource, query, query.page), '@type': 'hydra:PartialCollectionView' };
  if (query.itemsPerPage > 0) {
    const lastPage = Math.max(1, Math.ceil(total / query.itemsPerPage));
    view['hydra:first'] = pageIri(resource, query, 1);
    view['hydra:last'] = pageIri(resource, query, lastPage);
    if (query.page > 1) view['hydra:previous'] = pageIri(resource, query, Math.min(query.page - 1, lastPage));
    if (query.page < lastPage) view['hydra:next'] = pageIri(resource, query, query.page + 1);
  }
  return {
    '@context': `/contexts/${resource.hydraType}`,
    '@id': `/${resource.path}`,
    '@type': 'hydra:Collection',
    'hydra:totalItems': total,
    'hydra:member': members,
    'hydra:view': view,
    'hydra:search': {
      '@type': 'hydra:IriTemplate',
      'hydra:template': `/${resource.path}{?${listParameterNames.join(',')}}`,
      'hydra:variableRepresentation': 'BasicRepresentation',
      'hydra:mapping': listParameterNames.map((variable) => ({
        '@type': 'IriTemplateMapping',
        variable,
        property: parameterProperty(variable),
        required: false,
      })),
    },
  };
}
