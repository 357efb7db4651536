export { pageFromParam } from '@coinmag/rules';
