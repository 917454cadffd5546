import { createIconSet } from '../Icon';

/** Icons of the PDF viewer, drawn like components/Icon (24px grid, 1.8 stroke). */
const paths = {
  zoomIn: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4', 'M11 8v6', 'M8 11h6'],
  zoomOut: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4', 'M8 11h6'],
  fitWidth: ['M4 5v14', 'M20 5v14', 'M8 12h8', 'M10 9.5 7.5 12l2.5 2.5', 'M14 9.5l2.5 2.5-2.5 2.5'],
  fitPage: ['M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z', 'M9 8h6', 'M9 12h6', 'M9 16h4'],
  chevronUp: ['M6 15l6-6 6 6'],
  chevronDown: ['M6 9l6 6 6-6'],
  download: ['M12 4v11', 'M7.5 10.5 12 15l4.5-4.5', 'M4 17v1a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1'],
  print: ['M7 8V3h10v5', 'M7 17H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2', 'M7 14h10v7H7z'],
} as const;

export type ViewerIconName = keyof typeof paths;

export const ViewerIcon = createIconSet(paths);
