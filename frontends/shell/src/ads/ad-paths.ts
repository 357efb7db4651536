export { isAdFreePath, isAdminPagePath as isAdminPath } from '@coinmag/rules';
