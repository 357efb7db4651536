export * from './view-keys.js';
export * from './beacon-script.js';
