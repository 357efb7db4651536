import { islandRegistry } from '@coinmag/frontend-shared/islands/island';
import { AdHostIsland } from '../ads/AdSlot';
import { HeaderBarIsland } from '../layout/Header';

/** The islands the shell provides (the header, ad slots with scripts). */
export const shellIslands = islandRegistry([HeaderBarIsland, AdHostIsland]);
