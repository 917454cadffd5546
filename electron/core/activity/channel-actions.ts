/**
 * Which channel calls the activity log records, and what it writes for each. Fields are picked
 * one by one from the parsed input and the answer, so nothing else (a password, a passphrase, a
 * file's bytes) can reach the log.
 */
import type { ActivityAction, ChannelName, ChannelOutput, ChannelParsedInput, DestinationFolder, UploadFileRef } from '../../../shared/contract';

export interface ChannelActivity {
  action: ActivityAction;
  target: string;
  detail?: string;
}

type Describe<C extends ChannelName> = (input: ChannelParsedInput<C>, output: ChannelOutput<C> | undefined) => ChannelActivity;
type DescribeMap = { [C in ChannelName]?: Describe<C> };

const fileName = (file: UploadFileRef): string => (file.kind === 'handle' ? (file.subpath?.split('/').pop() ?? 'a chosen file') : file.name);
const folderName = (folder: DestinationFolder): string => (folder.kind === 'typed' ? folder.path : 'a chosen folder');
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const describers: DescribeMap = {
  'session.login': (input, output) => ({
    action: 'session.signIn',
    target: output?.user?.email ?? ('email' in input ? input.email : `demo account ${input.demoAccount}`),
  }),
  'session.logout': () => ({ action: 'session.signOut', target: '' }),
  'documents.send': (input, output) => ({
    action: 'documents.send',
    target: output?.record.number ? `${input.type} ${output.record.number}` : `${input.type} from ${fileName(input.file)}`,
    ...(output?.validationRule ? { detail: `validation rule ${output.validationRule}` } : {}),
  }),
  'documents.markDownloaded': (input) => ({
    action: 'documents.markDownloaded',
    target: `${count(input.uuids.length, input.type)}`,
    detail: input.downloaded ? 'marked downloaded' : 'marked not downloaded',
  }),
  'documents.bulkDownload': (input, output) => ({
    action: 'documents.bulkDownload',
    target: `${input.type} to ${folderName(input.folder)}`,
    detail: [
      input.selection.kind === 'uuids' ? `${count(input.selection.uuids.length, 'chosen document')}` : 'every document the filter matches',
      output ? `started as job ${output.jobId}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  }),
  'documents.bulkDownloadResume': (input) => ({ action: 'documents.bulkDownload', target: `job ${input.jobId}`, detail: 'resumed' }),
  'documents.bulkDownloadCancel': (input) => ({ action: 'documents.bulkDownload', target: `job ${input.jobId}`, detail: 'cancelled by the user' }),
  'uploads.add': (input, output) => ({
    action: 'uploads.add',
    target: input.files.length === 1 && input.files[0] ? fileName(input.files[0].file) : count(input.files.length, 'file'),
    detail: [`to ${input.country}`, output ? `${output.entries.length} queued` : '', output && output.rejected.length > 0 ? `${output.rejected.length} refused by the checks` : '']
      .filter(Boolean)
      .join(', '),
  }),
  'uploads.retry': (input, output) => ({ action: 'uploads.retry', target: output ? `${output.fileName} (${output.e2eId})` : input.localId }),
  'uploads.cancel': (input, output) => ({ action: 'uploads.cancel', target: output ? `${output.fileName} (${output.e2eId})` : input.localId }),
  'pems.closeJournal': (input) => ({ action: 'pems.closeJournal', target: `PEM ${input.serialNumber}` }),
  'pems.discard': (input) => ({ action: 'pems.discard', target: `PEM ${input.serialNumber}` }),
  'reports.requestJournalReading': (input) => ({ action: 'reports.request', target: `PEM ${input.serialNumber}`, detail: 'journal reading' }),
  'reports.requestDiagnostics': (input) => ({ action: 'reports.request', target: `PEM ${input.serialNumber}`, detail: 'diagnostics' }),
  'reports.requestReceipts': (input) => ({ action: 'reports.request', target: `PEM ${input.serialNumber}`, detail: `receipts (${input.type})` }),
  'merchants.setAtecoCodes': (input) => ({ action: 'merchants.setAtecoCodes', target: `merchant ${input.uuid}`, detail: input.codes.join(', ') || 'no codes' }),
  'certificates.import': (input, output) => ({
    action: 'certificates.import',
    target: output ? output.subject : input.kind === 'p12' ? fileName(input.file) : 'PEM certificate',
    ...(output ? { detail: `serial ${output.serialNumber}` } : {}),
  }),
  'certificates.remove': () => ({ action: 'certificates.remove', target: 'cash register certificate' }),
  'profiles.save': (input) => ({ action: 'profiles.save', target: input.name, detail: `${input.kind}, ${input.environment}` }),
  'profiles.delete': (input) => ({ action: 'profiles.delete', target: input.id }),
  'profiles.activate': (input, output) => ({ action: 'profiles.activate', target: output?.profiles.find((profile) => profile.id === input.id)?.name ?? input.id }),
  'sync.save': (input) => ({ action: 'sync.ruleSaved', target: input.name, detail: input.types.join(', ') }),
  'sync.delete': (input) => ({ action: 'sync.ruleDeleted', target: input.id }),
  'sync.setPaused': (input, output) => ({ action: 'sync.ruleSaved', target: output?.rule.name ?? input.id, detail: input.paused ? 'paused' : 'resumed' }),
};

export function describeCall<C extends ChannelName>(channel: C, input: ChannelParsedInput<C>, output: ChannelOutput<C> | undefined): ChannelActivity | undefined {
  const describe = describers[channel] as Describe<C> | undefined;
  return describe?.(input, output);
}
