/**
 * Error bodies of the document interface (DESIGN §5.2): a Hydra error (`application/ld+json`, the
 * default) or an RFC 9457 problem (`application/problem+json`, or `application/json`), chosen by
 * `Accept`; 422 answers are ConstraintViolationLists.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from './negotiation';

const errorMediaTypes = ['application/ld+json', 'application/problem+json', 'application/json'] as const;
type ErrorMediaType = (typeof errorMediaTypes)[number];

export const ERROR_TITLE = 'An error occurred';

function errorMediaType(request: FastifyRequest): ErrorMediaType {
  return (negotiate(request.headers.accept, errorMediaTypes) as ErrorMediaType | undefined) ?? 'application/ld+json';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, detail: string): FastifyReply {
  const mediaType = errorMediaType(request);
  const type = `/errors/${status}`;
  const body =
    mediaType === 'application/ld+json'
      ? {
          '@context': '/contexts/Error',
          '@id': type,
          '@type': 'hydra:Error',
          title: ERROR_TITLE,
          detail,
          status,
          type,
          'hydra:title': ERROR_TITLE,
          'hydra:description': detail,
        }
      : { type, title: ERROR_TITLE, status, detail };
  return reply.code(status).type(`${mediaType}; charset=utf-8`).send(body);
}

/** 422 with the violated rules. */
/** One refused rule, in the shape of an API Platform ConstraintViolation. */
export interface Violation {
  /** The official rule id (`BR-CO-15`, `PEPPOL-EN16931-R001`, `XSD`) or the emulator's own check. */
  code: string;
  /** Where: the rule's XPath into the document, or the request part. */
  propertyPath: string;
  message: string;
}

export function sendViolations(request: FastifyRequest, reply: FastifyReply, violations: Violation[]): FastifyReply {
  const mediaType = errorMediaType(request);
  const detail = violations.map((violation) => `${violation.propertyPath}: ${violation.message}`).join('\n');
  const type = '/validation_errors/constraint-violation';
  const body =
    mediaType === 'application/ld+json'
      ? {
          '@context': '/contexts/ConstraintViolationList',
          '@id': type,
          '@type': 'ConstraintViolationList',
          title: ERROR_TITLE,
          detail,
          status: 422,
          type,
          'hydra:title': ERROR_TITLE,
          'hydra:description': detail,
          violations,
        }
      : { type, title: ERROR_TITLE, status: 422, detail, violations };
  return reply.code(422).type(`${mediaType}; charset=utf-8`).send(body);
}
