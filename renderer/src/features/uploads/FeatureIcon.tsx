import { createIconSet } from '../../components/Icon';

/** Icons only the uploads screen uses, drawn like components/Icon (24px grid, 1.8 stroke). */
const paths = {
  copy: ['M9 9h10v12H9z', 'M5 15V3h10'],
  download: ['M12 4v11', 'M7.5 10.5 12 15l4.5-4.5', 'M4 17v1a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1'],
  folder: ['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'],
  file: ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4'],
  chevronRight: ['M9 6l6 6-6 6'],
  send: ['M4 12 20 4l-4 16-4-7z', 'M12 13l8-9'],
  ban: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M5.6 5.6l12.8 12.8'],
} as const;

export type FeatureIconName = keyof typeof paths;

export const FeatureIcon = createIconSet(paths);
