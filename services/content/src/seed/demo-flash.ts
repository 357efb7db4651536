/** Demo 快訊 (docs/product.md §2 快訊) seeded with the demo articles: times are minutes before the seed. */
export interface DemoFlash {
  text: string;
  minutesAgo: number;
  tags: string[];
  important?: boolean;
  source_url?: string;
  /** The slug of the demo article it links as 「完整報導」. */
  article?: string;
}

export const DEMO_FLASH: DemoFlash[] = [
  { text: '比特幣短線急漲，一小時內站上新高，衍生品市場空單清算金額擴大。', minutesAgo: 12, tags: ['比特幣', '行情'], important: true },
  { text: '美國證交會公布新一批現貨 ETF 申請文件的審查時程，市場關注後續資金流向。', minutesAgo: 48, tags: ['ETF'], article: 'bitcoin-etf-explained' },
  { text: '以太坊網路手續費回落至近月低點，鏈上活動轉向第二層網路。', minutesAgo: 95, tags: ['以太坊'] },
  { text: '金管會提醒：未完成洗錢防制登記的業者不得在台灣招攬客戶，投資前請先確認平台資格。', minutesAgo: 180, tags: ['台灣', '法規'], important: true, source_url: 'https://www.fsc.gov.tw/' },
  { text: '穩定幣總市值再創新高，USDT 與 USDC 的鏈上轉帳量同步上升。', minutesAgo: 60 * 20, tags: ['穩定幣'] },
  { text: '某大型交易所完成例行錢包維護，充值與提領已恢復正常。', minutesAgo: 60 * 27, tags: ['交易所'] },
];
