import type { UploadsService } from '../../electron/core/transfer/service';

/** Each file once on the service and delivered: files held more than once (failed uploads aside), files not delivered, sends that were uncertain. */
export async function uploadsVerdict(service: Pick<UploadsService, 'list' | 'findByE2eId'>): Promise<{ duplicated: number; lost: number; uncertain: number }> {
  const list = await service.list();
  let duplicated = 0;
  let lost = 0;
  for (const entry of list) {
    const kept = (await service.findByE2eId(entry.e2eId)).filter((upload) => upload.status !== 'failed');
    if (kept.length > 1) duplicated += 1;
    if (entry.state !== 'done' || kept.length === 0) lost += 1;
  }
  const uncertain = list.filter((entry) => entry.history.some((item) => item.state === 'uncertain')).length;
  return { duplicated, lost, uncertain };
}
