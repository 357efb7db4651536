// Imported by file, not through '@coinmag/contracts', so the page bundle does not carry zod.
export { variantSrcset, isMediaUrl } from '../../../../packages/contracts/src/media-urls';
