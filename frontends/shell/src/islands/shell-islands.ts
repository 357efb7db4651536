import { islandRegistry } from '../../../shared/src/islands/island';
import { AdSlotIsland } from '../ads/AdSlot';
import { HeaderIsland } from '../layout/Header';

/** The islands the shell provides (the header, ad slots with scripts). */
export const shellIslands = islandRegistry([HeaderIsland, AdSlotIsland]);
