/** The CSV format the service accepts lives in shared/csv (the viewer reads uploads the same way). */
export * from '../../../shared/csv';
