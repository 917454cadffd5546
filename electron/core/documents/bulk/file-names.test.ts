import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME } from '../../../../shared/documents/file-name-template';
import { assignBaseNames, checkTemplate } from './file-names';

describe('file-name template checks', () => {
  it('rejects unknown placeholders and lone braces with a message that lists the known ones', () => {
    expect(() => checkTemplate('{date}_{amount}')).toThrow(/\{amount\}.*\{date\} \{number\}/);
    expect(() => checkTemplate('{date')).toThrow(/lone/);
    expect(() => checkTemplate('{date}_{number}')).not.toThrow();
  });
});

describe('de-duplication', () => {
  it('keeps the first name and suffixes later clashes with their uuid, ignoring case', () => {
    const names = assignBaseNames([
      { uuid: 'u1', baseName: 'INV-1' },
      { uuid: 'u2', baseName: 'inv-1' },
      { uuid: 'u3', baseName: 'INV-2' },
      { uuid: 'u4', baseName: 'INV-1' },
    ]);
    expect(names).toEqual(['INV-1', 'inv-1_u2', 'INV-2', 'INV-1_u4']);
  });

  it('is deterministic: the same selection always gets the same names', () => {
    const items = Array.from({ length: 20 }, (_, index) => ({ uuid: `u${index}`, baseName: `N${index % 3}` }));
    expect(assignBaseNames(items)).toEqual(assignBaseNames(items));
  });

  it('stays within the length limit with the suffix', () => {
    const [, second] = assignBaseNames([
      { uuid: 'a', baseName: 'x'.repeat(195) },
      { uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', baseName: 'x'.repeat(195) },
    ]);
    expect(second?.length).toBeLessThanOrEqual(MAX_FILE_NAME - 5);
    expect(second).toMatch(/_1b4e28ba-2fa1-11d2-883f-0016d3cca427$/);
  });
});
