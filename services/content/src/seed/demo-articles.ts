/** Demo articles: realistic Traditional Chinese (Taiwan) crypto basics and news. */
export interface DemoArticle {
  slug: string;
  category: string;
  title: string;
  excerpt: string;
  tags: string[];
  cover: string;
  intro: string;
  sections: Array<{ heading: string; body: string; points?: string[]; sub?: { heading: string; body: string } }>;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  { slug: 'what-is-bitcoin', category: 'beginner', title: '什麼是比特幣？一篇看懂比特幣的運作原理', excerpt: '比特幣是第一個成功運作的去中心化數位貨幣。本文用生活化的例子說明區塊鏈、挖礦與錢包。', tags: ['比特幣', '新手', '區塊鏈'], cover: 'demo-bitcoin.jpg',
    intro: '2009 年，化名中本聰的開發者發布了比特幣的第一個區塊。十多年後，比特幣已成為全球市值最大的加密貨幣。',
    sections: [
      { heading: '比特幣是一本公開的帳本', body: '想像全世界共用一本記帳簿，每一筆轉帳都寫在上面，任何人都能查閱，但沒有人能偷偷修改。這本帳簿就是區塊鏈。', points: ['每約 10 分鐘產生一個新區塊', '總量上限 2,100 萬枚', '交易一旦確認就無法撤回'] },
      { heading: '挖礦在做什麼', body: '礦工用電腦算力競爭記帳權，勝出者把新區塊加到鏈上並獲得獎勵。這個過程稱為工作量證明。', sub: { heading: '為什麼要耗電', body: '耗費的算力讓竄改帳本的成本高到不划算，這正是比特幣安全的來源。' } },
    ] },
  { slug: 'blockchain-explained', category: 'beginner', title: '區塊鏈是什麼？用三個比喻搞懂分散式帳本', excerpt: '區塊鏈不只是比特幣的底層技術。用村莊記帳、連鎖印章與公開布告欄三個比喻，帶你理解它的核心。', tags: ['區塊鏈', '新手'], cover: 'demo-ethereum.jpg',
    intro: '很多人聽過區塊鏈，卻說不出它到底是什麼。其實它的概念比想像中簡單。',
    sections: [
      { heading: '比喻一：全村一起記帳', body: '每位村民手上都有一本相同的帳本，任何交易都要多數人確認才寫入，少數人作假也改不了結果。' },
      { heading: '比喻二：一環扣一環的印章', body: '每一頁帳本都蓋著前一頁的指紋，改動任何一頁，後面所有頁面的指紋都會對不上。', points: ['雜湊值就是資料的指紋', '區塊彼此串連形成鏈', '越早的紀錄越難竄改'] },
    ] },
  { slug: 'how-to-buy-first-crypto', category: 'beginner', title: '第一次買加密貨幣：台灣新手五步驟完整教學', excerpt: '從選擇合規交易所、完成身分驗證到第一次下單，一步步帶你安全地買進第一枚加密貨幣。', tags: ['新手', '交易所', '入金'], cover: 'demo-trading.jpg',
    intro: '第一次買幣難免緊張。照著以下步驟做，就能避開多數新手會踩的坑。',
    sections: [
      { heading: '步驟一：選擇已完成洗錢防制登記的交易所', body: '在台灣，虛擬資產平台須向金管會完成洗錢防制法令遵循聲明。選擇已登記的平台比較有保障。' },
      { heading: '步驟二到五：驗證、入金、下單、提領', body: '完成 KYC 身分驗證後，綁定銀行帳戶入金，先用小額試單，最後把長期持有的資產提領到自己的錢包。', points: ['先用小額熟悉流程', '開啟兩步驟驗證', '記下每筆交易以便報稅'] },
    ] },
  { slug: 'crypto-glossary-50', category: 'beginner', title: '幣圈必懂 50 個名詞：從 HODL 到 Gas Fee', excerpt: '看不懂社群在說什麼？整理新手最常遇到的幣圈術語，附上白話解釋。', tags: ['新手', '名詞解釋'], cover: 'demo-wallet.jpg',
    intro: '剛進幣圈最大的障礙往往不是技術，而是滿天飛的縮寫與黑話。',
    sections: [
      { heading: '交易相關', body: '以下是下單時最常看到的詞。', points: ['HODL：長期持有不賣', 'FOMO：害怕錯過而追高', 'DCA：定期定額', '滑價：成交價與預期價的差距'] },
      { heading: '技術相關', body: '理解這些詞，讀白皮書會輕鬆許多。', points: ['Gas Fee：以太坊上的手續費', '私鑰：控制資產的唯一憑證', '助記詞：私鑰的可讀備份'] },
    ] },
  { slug: 'bitcoin-halving-2024', category: 'bitcoin', title: '比特幣減半是什麼？2024 年減半對價格的影響', excerpt: '每四年一次的減半讓礦工獎勵砍半。回顧歷次減半後的行情，看看這次有什麼不同。', tags: ['比特幣', '減半', '行情'], cover: 'demo-bitcoin.jpg',
    intro: '2024 年 4 月，比特幣完成第四次減半，區塊獎勵從 6.25 枚降為 3.125 枚。',
    sections: [
      { heading: '減半的機制', body: '每 210,000 個區塊，新發行的比特幣數量減少一半，讓通膨率逐步下降。', points: ['2012 年：50 → 25', '2016 年：25 → 12.5', '2020 年：12.5 → 6.25', '2024 年：6.25 → 3.125'] },
      { heading: '歷史不一定重演', body: '過去減半後一年多常出現牛市，但這次有現貨 ETF 與機構資金加入，市場結構已經不同。' },
    ] },
  { slug: 'bitcoin-etf-explained', category: 'bitcoin', title: '比特幣現貨 ETF 通過了，對一般投資人代表什麼？', excerpt: '美國批准比特幣現貨 ETF，讓傳統券商帳戶也能投資比特幣。本文整理優缺點與注意事項。', tags: ['比特幣', 'ETF', '機構'], cover: 'demo-market.jpg',
    intro: '2024 年 1 月，美國證管會批准多檔比特幣現貨 ETF 上市，被視為比特幣走入主流的里程碑。',
    sections: [
      { heading: 'ETF 和直接買幣有何不同', body: '買 ETF 不需要自己保管私鑰，但要付管理費，也不能把比特幣轉出使用。' },
      { heading: '台灣投資人可以買嗎', body: '目前可透過複委託購買部分海外上市的比特幣 ETF，實際可投資標的依各券商規定為準。', points: ['留意管理費率', '留意匯率成本', '了解交易時間限制'] },
    ] },
  { slug: 'lightning-network-intro', category: 'bitcoin', title: '閃電網路入門：讓比特幣小額支付秒到帳', excerpt: '比特幣主鏈確認慢、手續費高，閃電網路用支付通道解決小額支付的問題。', tags: ['比特幣', '閃電網路', 'Layer 2'], cover: 'demo-bitcoin.jpg',
    intro: '用比特幣買一杯咖啡，等十分鐘確認顯然不實際。閃電網路就是為此而生。',
    sections: [
      { heading: '支付通道的原理', body: '雙方先在鏈上鎖定資金開通道，之後在鏈下無限次互相轉帳，最後才把結果寫回主鏈。' },
      { heading: '適合哪些情境', body: '小額打賞、跨境匯款與即時支付都是閃電網路擅長的場景。', points: ['手續費極低', '幾乎即時到帳', '需要通道有足夠流動性'] },
    ] },
  { slug: 'bitcoin-mining-taiwan', category: 'bitcoin', title: '在台灣挖比特幣還划算嗎？電費與礦機成本試算', excerpt: '以台灣電價與主流礦機效率試算挖礦成本，看看個人挖礦是否還有利可圖。', tags: ['比特幣', '挖礦'], cover: 'demo-bitcoin.jpg',
    intro: '減半之後，挖礦收益再度被壓縮。個人在家挖礦還值得嗎？',
    sections: [
      { heading: '成本三大項', body: '礦機購置、電費與散熱是主要支出，其中電費占比最高。', points: ['礦機效率以 J/TH 計算', '夏季電價較高', '噪音與散熱需要考量'] },
      { heading: '試算結論', body: '以一般住宅電價計算，多數情況下個人挖礦回本期很長，直接購買比特幣往往更有效率。' },
    ] },
  { slug: 'what-is-ethereum', category: 'ethereum', title: '以太坊是什麼？智慧合約如何改變網路', excerpt: '以太坊不只是一種幣，更是一台全球共享的電腦。認識智慧合約、ETH 與 Gas 費。', tags: ['以太坊', '智慧合約', '新手'], cover: 'demo-ethereum.jpg',
    intro: '如果比特幣是數位黃金，以太坊就像是一個可以執行程式的區塊鏈平台。',
    sections: [
      { heading: '智慧合約：自動執行的約定', body: '智慧合約是寫在區塊鏈上的程式，條件滿足時就會自動執行，不需要中間人。' },
      { heading: 'ETH 的用途', body: 'ETH 是以太坊網路的燃料，執行合約與轉帳都要支付以 ETH 計價的 Gas 費。', points: ['支付交易手續費', '質押參與網路驗證', '作為 DeFi 抵押品'] },
    ] },
  { slug: 'ethereum-staking-guide', category: 'ethereum', title: '以太坊質押完整指南：年化報酬、風險與平台比較', excerpt: '以太坊轉為權益證明後，持有者可以質押 ETH 賺取收益。比較自行質押、流動性質押與交易所質押。', tags: ['以太坊', '質押', '收益'], cover: 'demo-ethereum.jpg',
    intro: '2022 年合併升級後，以太坊改用權益證明，質押成為持有 ETH 的收益來源之一。',
    sections: [
      { heading: '三種質押方式', body: '依照技術門檻與信任程度，可以選擇不同的質押方式。', points: ['自行運行驗證者：需 32 ETH', '流動性質押：取得可交易的憑證', '交易所質押：最簡單但須信任平台'] },
      { heading: '需要留意的風險', body: '質押並非無風險：驗證者可能被罰沒，流動性質押憑證也可能與 ETH 脫鉤。' },
    ] },
  { slug: 'layer2-comparison', category: 'ethereum', title: 'Layer 2 是什麼？Arbitrum、Optimism、Base 比較', excerpt: '以太坊主網手續費高，Layer 2 把交易搬到鏈下處理。比較三大主流方案的差異。', tags: ['以太坊', 'Layer 2'], cover: 'demo-ethereum.jpg',
    intro: '在以太坊主網轉帳，手續費有時比轉帳金額還高。Layer 2 是目前最主要的解方。',
    sections: [
      { heading: 'Rollup 的原理', body: 'Rollup 把大量交易打包後，只把壓縮結果與證明提交到主網，大幅降低每筆成本。' },
      { heading: '三大方案比較', body: '各家在生態、費用與去中心化程度上各有取捨。', points: ['Arbitrum：DeFi 生態最完整', 'Optimism：推動超級鏈架構', 'Base：與大型交易所整合'] },
    ] },
  { slug: 'gas-fee-saving-tips', category: 'ethereum', title: '以太坊 Gas 費太貴？七個省手續費的實用技巧', excerpt: '選對時段、善用 Layer 2、設定合理的 Gas 上限，都能有效降低手續費。', tags: ['以太坊', 'Gas', '技巧'], cover: 'demo-ethereum.jpg',
    intro: 'Gas 費會隨網路擁擠程度變動，掌握幾個原則就能省下不少錢。',
    sections: [
      { heading: '選擇離峰時段', body: '歐美上班時間網路通常較擁擠，台灣深夜到清晨往往比較便宜。' },
      { heading: '其他技巧', body: '以下方法也能降低成本。', points: ['改用 Layer 2', '合併多筆操作', '避開熱門鑄造活動'] },
    ] },
  { slug: 'defi-beginner-guide', category: 'defi', title: 'DeFi 新手指南：去中心化金融能做什麼？', excerpt: '不需要銀行也能借貸、交易與賺取利息。認識 DeFi 的基本玩法與風險。', tags: ['DeFi', '新手', '借貸'], cover: 'demo-defi.jpg',
    intro: 'DeFi 把傳統金融服務搬上區塊鏈，任何人只要有錢包就能使用。',
    sections: [
      { heading: '三種常見應用', body: 'DeFi 的核心服務與傳統金融相似，只是由智慧合約運作。', points: ['去中心化交易所', '借貸協議', '收益聚合器'] },
      { heading: '新手最常遇到的風險', body: '合約漏洞、清算與無常損失是最常見的虧損原因，投入前務必了解。' },
    ] },
  { slug: 'impermanent-loss', category: 'defi', title: '無常損失是什麼？提供流動性前必懂的概念', excerpt: '在去中心化交易所提供流動性可以賺手續費，但價格變動可能讓你比單純持有虧更多。', tags: ['DeFi', '流動性', '風險'], cover: 'demo-defi.jpg',
    intro: '許多人被高年化報酬吸引去提供流動性，卻忽略了無常損失。',
    sections: [
      { heading: '為什麼會有無常損失', body: '自動做市商會依照公式調整池中資產比例，當價格大幅變動時，你取回的資產組合價值可能低於原本持有。' },
      { heading: '如何降低影響', body: '選擇價格相關性高的交易對，例如兩種穩定幣，可以大幅降低無常損失。' },
    ] },
  { slug: 'uniswap-tutorial', category: 'defi', title: 'Uniswap 教學：第一次在去中心化交易所換幣', excerpt: '連接錢包、選擇代幣、設定滑價，一步步完成第一筆鏈上兌換。', tags: ['DeFi', 'Uniswap', '教學'], cover: 'demo-defi.jpg',
    intro: 'Uniswap 是最知名的去中心化交易所，不需要註冊帳號就能交易。',
    sections: [
      { heading: '操作步驟', body: '整個流程只需要幾分鐘。', points: ['連接錢包', '選擇要兌換的代幣', '確認滑價設定', '簽署交易'] },
      { heading: '小心假代幣', body: '任何人都能發行同名代幣，務必從官方管道確認合約地址。' },
    ] },
  { slug: 'defi-lending-aave', category: 'defi', title: '鏈上借貸怎麼運作？以 Aave 為例說明清算機制', excerpt: '超額抵押、健康因子與清算門檻，是參與鏈上借貸前一定要懂的三件事。', tags: ['DeFi', '借貸', 'Aave'], cover: 'demo-defi.jpg',
    intro: '在鏈上借錢不需要信用審核，但必須先抵押比借款價值更高的資產。',
    sections: [
      { heading: '健康因子', body: '健康因子低於 1 時，你的抵押品就會被清算。價格劇烈波動時要特別留意。' },
      { heading: '安全使用原則', body: '保守的借款比例能讓你安心度過市場波動。', points: ['借款不超過抵押價值的一半', '設定價格提醒', '預留補倉資金'] },
    ] },
  { slug: 'market-weekly-bitcoin-70k', category: 'market-news', title: '本週市場快訊：比特幣站回 7 萬美元，山寨幣輪動', excerpt: '比特幣強勢反彈，資金開始流向山寨幣。整理本週重要行情與事件。', tags: ['行情', '比特幣', '週報'], cover: 'demo-market.jpg',
    intro: '本週比特幣在 ETF 資金持續流入帶動下重回 7 萬美元關卡。',
    sections: [
      { heading: '本週重點', body: '以下是影響行情的主要事件。', points: ['ETF 連續五日淨流入', '以太坊成交量放大', 'Solana 生態代幣表現亮眼'] },
      { heading: '下週觀察', body: '美國通膨數據與聯準會官員談話，可能左右短線走勢。' },
    ] },
  { slug: 'fed-rate-crypto', category: 'market-news', title: '聯準會降息對加密貨幣市場有什麼影響？', excerpt: '利率是影響風險資產的關鍵。解析降息循環與加密貨幣價格的關係。', tags: ['總經', '利率', '行情'], cover: 'demo-market.jpg',
    intro: '當資金成本下降，投資人往往更願意承擔風險，加密貨幣也因此受惠。',
    sections: [
      { heading: '利率與流動性', body: '降息讓市場資金變得寬鬆，部分資金會流向股票與加密貨幣等風險資產。' },
      { heading: '別只看單一指標', body: '降息的原因也很重要：若是因為經濟衰退而降息，風險資產反而可能下跌。' },
    ] },
  { slug: 'institutional-adoption-2024', category: 'market-news', title: '機構進場加速：上市公司與基金如何配置比特幣', excerpt: '從企業財庫到退休基金，越來越多機構把比特幣納入資產配置。', tags: ['機構', '比特幣', 'ETF'], cover: 'demo-market.jpg',
    intro: '過去被視為投機工具的比特幣，正逐漸成為機構資產配置的一環。',
    sections: [
      { heading: '三種機構參與方式', body: '機構投資人有不同的進場管道。', points: ['透過現貨 ETF', '企業直接持有', '託管機構代管'] },
      { heading: '對市場的影響', body: '機構資金通常較長期，可能降低價格波動，但也讓市場與傳統金融連動更緊密。' },
    ] },
  { slug: 'solana-ecosystem-rise', category: 'market-news', title: 'Solana 生態爆發：高速公鏈的機會與隱憂', excerpt: 'Solana 以高速低費吸引大量用戶，但過去的當機紀錄仍讓人擔憂。', tags: ['Solana', '公鏈', '行情'], cover: 'demo-market.jpg',
    intro: 'Solana 近一年交易量快速成長，成為以太坊之外最受關注的公鏈。',
    sections: [
      { heading: '成長動能', body: '迷因幣熱潮與低手續費帶來大量新用戶。' },
      { heading: '需要留意的地方', body: '網路穩定性與驗證者集中度，是評估 Solana 時不可忽略的風險。' },
    ] },
  { slug: 'dca-strategy', category: 'trading', title: '定期定額買比特幣：最適合上班族的投資方法', excerpt: '不用看盤也能參與加密貨幣市場。定期定額能分散買入時點，降低情緒影響。', tags: ['定期定額', '投資策略', '比特幣'], cover: 'demo-trading.jpg',
    intro: '對忙碌的上班族來說，定期定額是最省心的投資方式之一。',
    sections: [
      { heading: '為什麼定期定額有效', body: '固定金額在價格低時買到較多、價格高時買到較少，長期下來可以平滑成本。', points: ['不需判斷買點', '降低追高殺低', '適合長期持有'] },
      { heading: '設定建議', body: '選擇手續費低的平台，並把扣款金額控制在不影響生活的範圍。' },
    ] },
  { slug: 'technical-analysis-basics', category: 'trading', title: '技術分析入門：K 線、均線與成交量怎麼看', excerpt: '技術分析不是算命，而是理解市場情緒的工具。從最基本的三個指標開始。', tags: ['技術分析', 'K線', '交易'], cover: 'demo-trading.jpg',
    intro: '看懂圖表是交易的基本功，但別把指標當成必勝公式。',
    sections: [
      { heading: 'K 線', body: '一根 K 線包含開盤、收盤、最高與最低價，能看出買賣雙方的力量。' },
      { heading: '均線與成交量', body: '均線顯示趨勢方向，成交量則驗證趨勢的力道。', points: ['短均線上穿長均線稱為黃金交叉', '價漲量增代表趨勢健康', '量價背離要提高警覺'] },
    ] },
  { slug: 'risk-management', category: 'trading', title: '資金控管比選幣更重要：交易者的風險管理守則', excerpt: '多數虧損不是因為看錯方向，而是部位太大。學會停損與部位控管。', tags: ['風險管理', '交易', '停損'], cover: 'demo-trading.jpg',
    intro: '在高波動的加密貨幣市場，活下來比賺快錢更重要。',
    sections: [
      { heading: '單筆風險不超過 2%', body: '每筆交易的最大虧損控制在總資金的 1% 到 2%，連續看錯也不會傷筋動骨。' },
      { heading: '槓桿要謹慎', body: '高槓桿會讓小波動變成大虧損，新手建議完全不要使用。' },
    ] },
  { slug: 'futures-contract-risks', category: 'trading', title: '合約交易是什麼？新手最該知道的爆倉風險', excerpt: '永續合約可以做多做空、開槓桿，但也是新手虧損最快的地方。', tags: ['合約', '槓桿', '風險'], cover: 'demo-trading.jpg',
    intro: '合約交易讓你用少量保證金控制大部位，獲利放大，虧損也一樣放大。',
    sections: [
      { heading: '爆倉如何發生', body: '當虧損吃光保證金，平台會強制平倉，你的保證金將全部歸零。' },
      { heading: '資金費率', body: '永續合約每隔數小時收付資金費率，長期持倉的成本不可忽視。' },
    ] },
  { slug: 'hardware-wallet-guide', category: 'security', title: '冷錢包怎麼選？硬體錢包入門與設定教學', excerpt: '把資產放在交易所不等於真正擁有。硬體錢包讓私鑰離線保存，安全性更高。', tags: ['冷錢包', '安全', '私鑰'], cover: 'demo-security.jpg',
    intro: '「不是你的私鑰，就不是你的幣。」這句話是幣圈最重要的安全原則。',
    sections: [
      { heading: '熱錢包與冷錢包', body: '熱錢包連網方便但風險較高，冷錢包離線保存私鑰，適合長期持有的資產。' },
      { heading: '設定時的注意事項', body: '第一次設定硬體錢包時，以下步驟不能馬虎。', points: ['只從官方通路購買', '助記詞抄在紙上，不要拍照', '先小額測試轉帳'] },
    ] },
  { slug: 'seed-phrase-backup', category: 'security', title: '助記詞遺失就救不回來：正確備份的五個原則', excerpt: '助記詞是資產的最後一道防線。不拍照、不上雲，教你安全地備份與保管。', tags: ['助記詞', '安全', '錢包'], cover: 'demo-security.jpg',
    intro: '每年都有大量加密貨幣因為助記詞遺失而永遠無法取回。',
    sections: [
      { heading: '不要數位化', body: '截圖、雲端筆記與通訊軟體都可能被駭，助記詞應該只存在於實體媒介。' },
      { heading: '分散保管', body: '考慮使用金屬備份板，並存放在兩個以上的安全地點。' },
    ] },
  { slug: 'crypto-scams-taiwan', category: 'security', title: '常見加密貨幣詐騙手法：假投資群組與殺豬盤', excerpt: '警政署統計，投資詐騙是財損最高的詐騙類型。認識最常見的五種手法。', tags: ['詐騙', '安全', '防詐'], cover: 'demo-security.jpg',
    intro: '詐騙集團最常利用人們想快速致富的心理，包裝成高報酬投資機會。',
    sections: [
      { heading: '五種常見手法', body: '以下情況出現任何一項，都要立刻提高警覺。', points: ['保證獲利的投資群組', '要求下載不明交易 App', '網路交友後推薦投資', '假冒名人代言', '出金前要求先繳稅金或保證金'] },
      { heading: '遇到詐騙怎麼辦', body: '立即停止匯款，保留對話紀錄，撥打 165 反詐騙專線報案。' },
    ] },
  { slug: 'phishing-approval-risk', category: 'security', title: '授權釣魚：簽一個名就被盜光的風險', excerpt: '在不明網站簽署代幣授權，可能讓駭客轉走錢包裡的資產。學會檢查與撤銷授權。', tags: ['釣魚', '授權', '安全'], cover: 'demo-security.jpg',
    intro: '不需要私鑰，只要你簽了一個惡意授權，資產就可能被轉走。',
    sections: [
      { heading: '授權是什麼', body: '使用 DeFi 時，你常會授權合約動用你的代幣。惡意合約會利用無上限授權轉走資產。' },
      { heading: '如何自保', body: '定期檢查並撤銷不需要的授權，簽署前仔細閱讀錢包顯示的內容。' },
    ] },
  { slug: 'taiwan-vasp-regulation', category: 'regulation', title: '台灣虛擬資產監管現況：VASP 登記制度一次看', excerpt: '金管會要求虛擬資產平台完成洗錢防制登記，專法也在研議中。整理台灣監管重點。', tags: ['法規', '台灣', 'VASP'], cover: 'demo-regulation.jpg',
    intro: '台灣對虛擬資產的監管逐步成形，投資人應了解平台是否合規。',
    sections: [
      { heading: '現行制度', body: '虛擬資產服務商須完成洗錢防制法令遵循聲明，並遵守相關指引。' },
      { heading: '未來方向', body: '專法草案可能引入牌照制度，對客戶資產隔離與資訊揭露提出更高要求。' },
    ] },
  { slug: 'hong-kong-crypto-licensing', category: 'regulation', title: '香港虛擬資產交易平台發牌制度解析', excerpt: '香港證監會推動交易平台發牌，並開放散戶交易。了解香港的監管框架與投資人保障。', tags: ['法規', '香港', '交易所'], cover: 'demo-regulation.jpg',
    intro: '香港積極發展虛擬資產產業，同時建立較完整的監管制度。',
    sections: [
      { heading: '發牌重點', body: '持牌平台須符合資產託管、上架審查與投資者保障等要求。' },
      { heading: '散戶可以交易什麼', body: '散戶可交易的代幣須符合流動性與市值等條件，並需通過知識評估。' },
    ] },
  { slug: 'crypto-tax-taiwan', category: 'regulation', title: '買賣加密貨幣要繳稅嗎？台灣報稅常見問題', excerpt: '加密貨幣獲利在台灣屬於哪一類所得？整理報稅時最常見的問題與紀錄保存建議。', tags: ['稅務', '台灣', '報稅'], cover: 'demo-regulation.jpg',
    intro: '隨著監管趨嚴，加密貨幣的稅務問題越來越受關注。',
    sections: [
      { heading: '所得類別', body: '個人買賣虛擬資產的獲利，一般可能被認定為財產交易所得，實際認定以稅務機關為準。' },
      { heading: '保存交易紀錄', body: '完整保存每筆買賣與轉帳紀錄，是面對查核時最重要的準備。' },
    ] },
  { slug: 'what-is-stablecoin', category: 'stablecoins', title: '穩定幣是什麼？USDT、USDC 與 DAI 的差別', excerpt: '穩定幣讓加密貨幣世界有了「數位美元」。比較法幣抵押、加密抵押與演算法穩定幣。', tags: ['穩定幣', 'USDT', 'USDC'], cover: 'demo-stablecoin.jpg',
    intro: '穩定幣的價格與美元等法幣掛鉤，是交易與跨境轉帳最常用的工具。',
    sections: [
      { heading: '三種穩定幣', body: '依照維持價格的方式，穩定幣大致分為三類。', points: ['法幣抵押：USDT、USDC', '加密資產抵押：DAI', '演算法穩定幣：風險最高'] },
      { heading: '穩定幣也有風險', body: '發行商儲備不透明或遭擠兌時，穩定幣可能短暫脫鉤。' },
    ] },
  { slug: 'usdt-depeg-history', category: 'stablecoins', title: '穩定幣脫鉤事件回顧：從 UST 崩盤學到的教訓', excerpt: '2022 年 UST 崩盤讓數百億美元蒸發。回顧事件經過，看懂演算法穩定幣的風險。', tags: ['穩定幣', 'UST', '風險'], cover: 'demo-stablecoin.jpg',
    intro: 'UST 曾是市值前十的穩定幣，卻在幾天內崩跌至接近歸零。',
    sections: [
      { heading: '崩盤經過', body: '大額拋售引發脫鉤，恐慌贖回讓 LUNA 大量增發，形成死亡螺旋。' },
      { heading: '給投資人的教訓', body: '過高的保證收益往往伴隨高風險，選擇穩定幣應優先考慮儲備透明度。' },
    ] },
  { slug: 'stablecoin-cross-border', category: 'stablecoins', title: '用穩定幣跨境匯款：比電匯更快更便宜嗎？', excerpt: '穩定幣轉帳幾分鐘就能到帳，手續費也低。但換匯與出入金仍有成本與限制。', tags: ['穩定幣', '匯款', '跨境'], cover: 'demo-stablecoin.jpg',
    intro: '越來越多人用穩定幣支付海外帳款或匯款給家人。',
    sections: [
      { heading: '優點', body: '不受銀行營業時間限制，到帳速度快。' },
      { heading: '隱藏成本', body: '出入金手續費、換匯價差與選錯鏈造成的遺失，都是需要注意的地方。' },
    ] },
  { slug: 'what-is-nft', category: 'nft', title: 'NFT 是什麼？非同質化代幣的用途與迷思', excerpt: 'NFT 不只是頭像圖片，還能用於票券、會員與遊戲道具。破解常見的 NFT 迷思。', tags: ['NFT', '新手'], cover: 'demo-nft.jpg',
    intro: 'NFT 曾在 2021 年爆紅，熱潮退去後，實際應用反而更值得關注。',
    sections: [
      { heading: '非同質化的意思', body: '每一枚 NFT 都是獨一無二的，不能像比特幣一樣一對一互換。' },
      { heading: '實際用途', body: 'NFT 的價值在於證明所有權與使用權。', points: ['活動票券', '會員資格', '遊戲道具', '數位收藏'] },
    ] },
  { slug: 'nft-market-2024', category: 'nft', title: 'NFT 市場降溫後，還有哪些值得關注的方向？', excerpt: '交易量大幅下滑，但品牌、遊戲與實體資產代幣化仍持續發展。', tags: ['NFT', '市場', '趨勢'], cover: 'demo-nft.jpg',
    intro: 'NFT 交易量從高峰大幅回落，市場進入去泡沫化階段。',
    sections: [
      { heading: '品牌與會員', body: '越來越多品牌用 NFT 經營會員權益，重點從炒作轉向實用。' },
      { heading: '實體資產代幣化', body: '房地產、藝術品等實體資產上鏈，是機構最感興趣的方向之一。' },
    ] },
  { slug: 'altcoin-research-checklist', category: 'beginner', title: '研究山寨幣的十個檢查清單：避開歸零幣', excerpt: '從團隊、代幣經濟到社群活躍度，用十個問題篩掉大部分高風險項目。', tags: ['山寨幣', '研究', '風險'], cover: 'demo-market.jpg',
    intro: '市場上有上萬種代幣，大多數最終會歸零。做好功課是保護自己的第一步。',
    sections: [
      { heading: '代幣經濟', body: '總量、解鎖時程與分配比例，決定了未來的賣壓。', points: ['團隊持幣比例', '解鎖時間表', '通膨率'] },
      { heading: '團隊與產品', body: '檢查團隊是否公開、產品是否真的有人使用，以及程式碼是否經過審計。' },
    ] },
  { slug: 'exchange-vs-wallet', category: 'beginner', title: '交易所帳戶和錢包有什麼不同？新手最常搞混的觀念', excerpt: '把幣放在交易所，其實是交易所替你保管。了解託管與自我保管的差異。', tags: ['錢包', '交易所', '新手'], cover: 'demo-wallet.jpg',
    intro: '很多新手以為在交易所看到的餘額就是自己擁有的幣，其實不完全是。',
    sections: [
      { heading: '託管與自我保管', body: '交易所替你保管私鑰，方便但須信任平台；自我保管則由你自己負責。' },
      { heading: '怎麼分配', body: '常用於交易的資金放交易所，長期持有的資產轉到自己的錢包。' },
    ] },
  { slug: 'bitcoin-price-history', category: 'bitcoin', title: '比特幣價格歷史：從一枚幾美分到數萬美元', excerpt: '回顧比特幣十多年來的重要價格里程碑與三次大空頭。', tags: ['比特幣', '歷史', '行情'], cover: 'demo-bitcoin.jpg',
    intro: '2010 年有人用一萬枚比特幣買了兩個披薩，這個故事至今仍被津津樂道。',
    sections: [
      { heading: '重要里程碑', body: '比特幣的價格歷程充滿戲劇性。', points: ['2010 年：披薩日', '2017 年：首次突破 1 萬美元', '2021 年：突破 6 萬美元', '2024 年：創下歷史新高'] },
      { heading: '每次大跌都跌超過七成', body: '歷史上比特幣多次從高點回落超過七成，投資前務必評估自己的承受能力。' },
    ] },
  { slug: 'ethereum-roadmap', category: 'ethereum', title: '以太坊發展路線圖：合併之後還有哪些升級？', excerpt: '從 Dencun 升級到未來的擴容計畫，整理以太坊接下來的發展重點。', tags: ['以太坊', '升級', '路線圖'], cover: 'demo-ethereum.jpg',
    intro: '合併只是以太坊長期計畫的一部分，後續還有多項重要升級。',
    sections: [
      { heading: 'Dencun 與 Blob', body: 'Dencun 升級引入 Blob 資料，讓 Layer 2 的手續費大幅下降。' },
      { heading: '接下來的重點', body: '提升可擴展性、降低節點門檻與改善使用者體驗，是未來幾年的方向。' },
    ] },
  { slug: 'yield-farming-risks', category: 'defi', title: '流動性挖礦的高年化報酬從哪裡來？', excerpt: '動輒三位數的年化報酬常常來自代幣增發。看懂收益來源，才不會賺了利息賠了本金。', tags: ['DeFi', '流動性挖礦', '風險'], cover: 'demo-defi.jpg',
    intro: '看到年化報酬 300% 先別心動，先問收益從哪裡來。',
    sections: [
      { heading: '收益的三個來源', body: '交易手續費、借貸利息與代幣獎勵，其中代幣獎勵最不穩定。' },
      { heading: '判斷是否可持續', body: '若收益主要來自不斷增發的代幣，價格下跌時實際報酬可能是負的。' },
    ] },
  { slug: 'crypto-market-cycle', category: 'trading', title: '認識加密貨幣市場週期：牛市、熊市與盤整', excerpt: '市場情緒有跡可循。了解週期的四個階段，做出更理性的決策。', tags: ['市場週期', '投資策略'], cover: 'demo-trading.jpg',
    intro: '加密貨幣市場的漲跌往往比股市更劇烈，週期也更明顯。',
    sections: [
      { heading: '四個階段', body: '市場通常在累積、上漲、派發與下跌之間循環。', points: ['累積期：少人關注', '上漲期：新聞增多', '派發期：人人討論', '下跌期：恐慌拋售'] },
      { heading: '逆向思考', body: '當身邊所有人都在談論加密貨幣時，往往是該保守的時候。' },
    ] },
  { slug: 'web3-wallet-metamask', category: 'security', title: 'MetaMask 小狐狸錢包安裝與安全設定', excerpt: '最多人使用的瀏覽器錢包。從安裝、備份到連接網站，每一步的安全重點。', tags: ['MetaMask', '錢包', '教學'], cover: 'demo-wallet.jpg',
    intro: 'MetaMask 是進入 Web3 世界最常用的錢包之一。',
    sections: [
      { heading: '安裝與備份', body: '只從官方網站或瀏覽器商店下載，建立錢包後立即抄寫助記詞。' },
      { heading: '日常使用建議', body: '把常用的小額資金與長期資產分在不同錢包，降低被釣魚時的損失。' },
    ] },
  { slug: 'market-flash-eth-etf', category: 'market-news', title: '以太坊現貨 ETF 上市首月資金流向分析', excerpt: '以太坊現貨 ETF 上市後，資金流入速度不如比特幣 ETF。分析背後原因。', tags: ['以太坊', 'ETF', '行情'], cover: 'demo-market.jpg',
    intro: '繼比特幣之後，以太坊現貨 ETF 也正式上市交易。',
    sections: [
      { heading: '資金流向', body: '上市初期出現淨流出，主要來自既有信託產品的贖回。' },
      { heading: '未來觀察重點', body: '是否開放質押收益，可能是影響以太坊 ETF 吸引力的關鍵。' },
    ] },
  { slug: 'rwa-tokenization', category: 'market-news', title: '實體資產代幣化（RWA）為何成為機構新寵？', excerpt: '美國國債、房地產與私募基金紛紛上鏈。RWA 可能是連結傳統金融與區塊鏈的橋樑。', tags: ['RWA', '代幣化', '機構'], cover: 'demo-regulation.jpg',
    intro: '大型資產管理公司開始在區塊鏈上發行代幣化基金，RWA 成為熱門話題。',
    sections: [
      { heading: '什麼是 RWA', body: '把現實世界資產的權益轉成鏈上代幣，讓交易與結算更有效率。' },
      { heading: '挑戰', body: '法律權屬、託管與合規，是 RWA 普及前必須解決的問題。' },
    ] },
];

/** The demo covers' alt text, as an admin would type it (the cover of each demo article). */
export const DEMO_COVER_ALTS: Readonly<Record<string, string>> = {
  'demo-bitcoin.jpg': '橘色漸層上的 BTC 字樣（比特幣主題封面）',
  'demo-ethereum.jpg': '藍色漸層上的 ETH 字樣（以太坊主題封面）',
  'demo-wallet.jpg': '綠色漸層上的 WALLET 字樣（錢包主題封面）',
  'demo-defi.jpg': '紫色漸層上的 DEFI 字樣（去中心化金融主題封面）',
  'demo-market.jpg': '紅色漸層上的 MARKET 字樣（市場行情主題封面）',
  'demo-security.jpg': '天藍色漸層上的 SAFE 字樣（資安主題封面）',
  'demo-nft.jpg': '粉紅色漸層上的 NFT 字樣（NFT 主題封面）',
  'demo-regulation.jpg': '灰色漸層上的 LAW 字樣（法規主題封面）',
  'demo-stablecoin.jpg': '綠色漸層上的 USDT 字樣（穩定幣主題封面）',
  'demo-trading.jpg': '琥珀色漸層上的 TRADE 字樣（交易主題封面）',
};
