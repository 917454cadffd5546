import { createIconSet } from '../../components/Icon';

/** Icons of the fiscal screens, drawn like components/Icon (24px grid, 1.8 stroke). */
const paths = {
  download: ['M12 4v11', 'M7.5 10.5 12 15l4.5-4.5', 'M4 17v1a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1'],
  receipt: ['M6 3h12v18l-3-2-3 2-3-2-3 2z', 'M9 8h6', 'M9 12h6', 'M9 16h3'],
  emergency: ['M12 3 2.5 20h19z', 'M12 10v4', 'M12 17h.01'],
  report: ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5', 'M9 17v-3', 'M12 17v-5', 'M15 17v-2'],
  eye: ['M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'],
  undo: ['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'],
  ban: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M5.6 5.6l12.8 12.8'],
  pulse: ['M3 12h4l2.5-6 5 12 2.5-6H21'],
  book: ['M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z', 'M4 21a2 2 0 0 1 2-2h13v2', 'M9 7h6'],
  store: ['M4 9l1.5-5h13L20 9', 'M4 9v11h16V9', 'M4 9a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0', 'M10 20v-5h4v5'],
} as const;

export type FiscalIconName = keyof typeof paths;

export const FiscalIcon = createIconSet(paths);
