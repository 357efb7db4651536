import { useEffect } from 'react';
import { island } from '@coinmag/frontend-shared/islands/island';
import { runFlashLive, type FlashClasses, type FlashLiveProps } from './flash-live';
import styles from './flash.module.css';

/** The class names the live script builds items with (flash.module.css). */
export const FLASH_CLASSES: FlashClasses = {
  day: styles.day!, dayTitle: styles.dayTitle!, list: styles.list!, item: styles.item!, important: styles.important!, head: styles.head!,
  time: styles.time!, badge: styles.badge!, pin: styles.pin!, text: styles.text!, importantText: styles.importantText!, links: styles.links!,
  tags: styles.tags!, bar: styles.bar!, boxItem: styles.boxItem!, boxImportant: styles.boxImportant!, boxTime: styles.boxTime!,
};

/**
 * 快訊 kept live on an open page: a `script` island (docs/adr/0011-islands.md), no React in the
 * browser. In the whole app the component runs the same script from an effect.
 */
function FlashLive(props: FlashLiveProps) {
  useEffect(() => runFlashLive(document.body, props),
    // The props are JSON: their text is their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(props)]);
  return <span hidden />;
}

export const FlashLiveIsland = island('public:flash-live', FlashLive, 'script');
