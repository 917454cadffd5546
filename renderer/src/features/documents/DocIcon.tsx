import { createIconSet } from '../../components/Icon';

/** Icons only the documents screen uses, drawn like components/Icon (24px grid, 1.8 stroke). */
const paths = {
  filter: ['M4 5h16l-6 7.5V19l-4 1.5v-8z'],
  download: ['M12 4v11', 'M7.5 10.5 12 15l4.5-4.5', 'M4 17v1a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1'],
  send: ['M4 12 20 4l-4 16-4-7z', 'M12 13l8-9'],
  copy: ['M9 9h10v12H9z', 'M5 15V3h10'],
  folder: ['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'],
  file: ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5'],
  paperclip: ['M20 11.5 12.5 19a5 5 0 0 1-7-7L13 4.5a3.3 3.3 0 0 1 4.7 4.7l-7.4 7.4a1.7 1.7 0 0 1-2.4-2.4l6.8-6.8'],
  incoming: ['M17 7 7 17', 'M15 17H7V9'],
  outgoing: ['M7 17 17 7', 'M9 7h8v8'],
  sortAsc: ['M12 19V5', 'M7 10l5-5 5 5'],
  sortDesc: ['M12 5v14', 'M7 14l5 5 5-5'],
  sortNone: ['M8 9l4-4 4 4', 'M8 15l4 4 4-4'],
  mailOpen: ['M4 10l8-6 8 6v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z', 'M4 10l8 5 8-5'],
  mail: ['M4 6h16v12H4z', 'M4 7l8 6 8-6'],
  code: ['M9 8l-4 4 4 4', 'M15 8l4 4-4 4'],
  pdf: ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5', 'M8.5 16.5v-4h1.5a1.2 1.2 0 0 1 0 2.4H8.5', 'M13 12.5v4h1a2 2 0 0 0 0-4z'],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4.5 6h.01', 'M4.5 12h.01', 'M4.5 18h.01'],
  play: ['M8 5v14l11-7z'],
  stop: ['M7 7h10v10H7z'],
} as const;

export type DocIconName = keyof typeof paths;

export const DocIcon = createIconSet(paths);
