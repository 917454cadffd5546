export * from './formats';
export * from './nip';
export * from './prechecks';
