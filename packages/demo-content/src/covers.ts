/**
 * Demo cover images. The content seed stores each article's featured_image as the bare
 * file name (one of the three forms docs/product.md §3 allows); the media service, when asked to
 * seed demo content, draws each one locally (no network) under that same name.
 */
export interface DemoCover {
  file: string;
  /** Short label drawn on the image. */
  label: string;
  from: string;
  to: string;
}

export const DEMO_COVERS: DemoCover[] = [
  { file: 'demo-bitcoin.jpg', label: 'BTC', from: '#f7931a', to: '#7a3e00' },
  { file: 'demo-ethereum.jpg', label: 'ETH', from: '#627eea', to: '#1b2a6b' },
  { file: 'demo-wallet.jpg', label: 'WALLET', from: '#10b981', to: '#064e3b' },
  { file: 'demo-defi.jpg', label: 'DEFI', from: '#8b5cf6', to: '#2e1065' },
  { file: 'demo-market.jpg', label: 'MARKET', from: '#ef4444', to: '#450a0a' },
  { file: 'demo-security.jpg', label: 'SAFE', from: '#0ea5e9', to: '#082f49' },
  { file: 'demo-nft.jpg', label: 'NFT', from: '#ec4899', to: '#500724' },
  { file: 'demo-regulation.jpg', label: 'LAW', from: '#64748b', to: '#0f172a' },
  { file: 'demo-stablecoin.jpg', label: 'USDT', from: '#22c55e', to: '#14532d' },
  { file: 'demo-trading.jpg', label: 'TRADE', from: '#f59e0b', to: '#451a03' },
];
