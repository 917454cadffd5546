/** The documents area's state and the helpers its routes share (auth, sources, saving). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UblDocumentType } from '../../shared/ubl';
import type { DemoAccount, EmulatorContext } from '../context';
import { seedDocuments, seedSourceBytes } from '../seed/documents';
import { sendError } from './errors';
import { PrintLinks } from './print-links';
import { resourceOf } from './resources';
import { DocumentsPersistence } from './saved-state';
import { DocumentStore, type DocumentEntry, type SourceMediaType } from './store';

export class DocumentsArea {
  readonly store: DocumentStore;
  readonly printLinks: PrintLinks;
  readonly saved: DocumentsPersistence;

  constructor(readonly ctx: EmulatorContext) {
    this.saved = new DocumentsPersistence(ctx.persistence, ctx.log);
    const seeded = seedDocuments(ctx.options.documents, ctx.random, ctx.log);
    const overrides = this.saved.downloadedOverrides;
    for (const document of seeded) {
      const override = overrides[document.uuid];
      if (override !== undefined) document.downloaded = override;
    }
    const sent = this.saved.restoreSent().map((document) => ({ ...document, downloaded: overrides[document.uuid] ?? false }));
    this.store = new DocumentStore([...seeded, ...sent]);
    this.printLinks = new PrintLinks(() => ctx.now());
  }

  /** The stored source exactly as received (seeded sources are generated on demand). */
  source(entry: DocumentEntry): { bytes: Buffer; mediaType: SourceMediaType } {
    if (entry.source.kind === 'sent') return { bytes: entry.source.bytes, mediaType: entry.source.mediaType };
    return { bytes: seedSourceBytes(entry.source, this.ctx.random), mediaType: 'application/xml' };
  }

  /** The entry with that uuid if it is of that type. */
  find(type: UblDocumentType, uuid: string): DocumentEntry | undefined {
    const entry = this.store.get(uuid);
    return entry && entry.type === type ? entry : undefined;
  }

  notFound(request: FastifyRequest, reply: FastifyReply, type: UblDocumentType, uuid: string): FastifyReply {
    return sendError(request, reply, 404, `No ${resourceOf(type).label} with uuid "${uuid}" exists.`);
  }

  /**
   * Checks the bearer token (401) and, for writes, that the account may write (403). Returns the
   * account, or undefined when the error has been sent.
   */
  async authorize(request: FastifyRequest, reply: FastifyReply, write: boolean): Promise<DemoAccount | undefined> {
    const check = await this.ctx.checkToken(request);
    if (!check.ok) {
      reply.header('www-authenticate', `Bearer realm="documents", error="invalid_token"`);
      sendError(request, reply, 401, check.message);
      return undefined;
    }
    if (write && !check.account.canWrite) {
      sendError(request, reply, 403, `The account ${check.account.email} may read documents but not send them or mark them downloaded.`);
      return undefined;
    }
    return check.account;
  }
}
