export * from './covers.js';
