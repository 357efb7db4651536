// The price providers' stand-in as a container of its own (test:compose, test:swarm): the
// service tests' and `npm start`'s server (services/markets/src/stand-in), listening on every
// address, each coin held at its base price so that what the pages show can be asserted exactly.
import { STAND_IN_BASE_TWD } from '../../services/markets/src/stand-in/stand-in-prices.js';
import { startProviderStandIn } from '../../services/markets/src/stand-in/provider-stand-in.js';
import { PRICE_PROVIDER_PORT } from './ports.js';

const standIn = await startProviderStandIn(Number(process.env.PORT ?? PRICE_PROVIDER_PORT), '0.0.0.0');
for (const [id, twd] of Object.entries(STAND_IN_BASE_TWD)) standIn.prices.set(id, twd);
process.stdout.write(`price provider stand-in: CoinGecko at ${standIn.coingeckoUrl}, MAX at ${standIn.maxUrl}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
