export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
  show_in_header: boolean;
  show_in_footer: boolean;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: '新手入門', slug: 'beginner', description: '從零開始認識加密貨幣：名詞、原理與第一步該怎麼做。', show_in_header: true, show_in_footer: true },
  { name: '比特幣', slug: 'bitcoin', description: '比特幣的技術、減半週期與市場動態。', show_in_header: true, show_in_footer: true },
  { name: '以太坊', slug: 'ethereum', description: '以太坊、智慧合約與 Layer 2 生態。', show_in_header: true, show_in_footer: false },
  { name: 'DeFi', slug: 'defi', description: '去中心化金融：借貸、交易所與收益的機會與風險。', show_in_header: true, show_in_footer: false },
  { name: '市場快訊', slug: 'market-news', description: '每日行情、重大事件與機構動向。', show_in_header: true, show_in_footer: true },
  { name: '交易策略', slug: 'trading', description: '定期定額、技術分析與資金控管的實戰心得。', show_in_header: true, show_in_footer: false },
  { name: '錢包與安全', slug: 'security', description: '保管私鑰、辨識詐騙，守住你的資產。', show_in_header: true, show_in_footer: true },
  { name: '法規政策', slug: 'regulation', description: '台灣、香港與全球的虛擬資產監管動態。', show_in_header: false, show_in_footer: true },
  { name: '穩定幣', slug: 'stablecoins', description: 'USDT、USDC 與各種穩定幣的運作方式。', show_in_header: false, show_in_footer: false },
  { name: 'NFT 與元宇宙', slug: 'nft', description: 'NFT 的用途、市場與常見陷阱。', show_in_header: false, show_in_footer: false },
];
