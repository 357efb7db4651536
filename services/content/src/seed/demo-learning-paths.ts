import type { LearningPathLevel } from '@coinmag/contracts';

/** Demo learning paths (docs/product.md §3), made of published demo articles, in reading order. */
export interface DemoLearningPath {
  slug: string;
  title: string;
  level: LearningPathLevel;
  description: string;
  cover: string;
  cover_alt: string;
  articles: string[];
}

export const DEMO_LEARNING_PATHS: DemoLearningPath[] = [
  {
    slug: '第一次買幣',
    title: '第一次買幣',
    level: '入門',
    description: '從比特幣與區塊鏈的基本概念開始，分清交易所和錢包，再一步步完成第一筆購買、定期定額與報稅。',
    cover: 'demo-trading.jpg',
    cover_alt: '琥珀色漸層上的 TRADE 字樣（交易主題封面）',
    articles: ['what-is-bitcoin', 'blockchain-explained', 'exchange-vs-wallet', 'how-to-buy-first-crypto', 'dca-strategy', 'crypto-tax-taiwan'],
  },
  {
    slug: '錢包與安全',
    title: '錢包與安全',
    level: '進階',
    description: '自己保管資產之前必讀：冷錢包與小狐狸錢包的設定、助記詞的備份，以及最常見的詐騙與授權釣魚。',
    cover: 'demo-wallet.jpg',
    cover_alt: '綠色漸層上的 WALLET 字樣（錢包主題封面）',
    articles: ['hardware-wallet-guide', 'seed-phrase-backup', 'web3-wallet-metamask', 'phishing-approval-risk', 'crypto-scams-taiwan'],
  },
];
