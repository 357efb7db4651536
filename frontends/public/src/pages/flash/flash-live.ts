import type { FlashLive, FlashPage, PublicFlash } from '@coinmag/contracts';
import { FLASH_LIVE_PATH, FLASH_POLL_MS, FLASH_PUBLIC_PATH } from '@coinmag/contracts/flash-constants';
import { FLASH_TEXT, flashDayKey, flashDayLabel, flashTextParts, flashTimeLabel, tagPagePath } from '@coinmag/rules';
import { flashLiveChanges, type ShownFlash } from './flash-live-changes';

/**
 * 快訊 on an open page, without React (docs/adr/0016): while the tab is visible it asks the one
 * cached live answer every FLASH_POLL_MS (nothing while hidden), keeps the ids the page shows, so
 * an item is never shown twice (a gateway restarting or a replica swapped answers the same ids),
 * holds new ones behind a 「N 則新快訊」 bar that is out of the page's flow (nothing moves until the
 * reader taps it), counts them in the tab's title, and applies edits and deletions in place.
 *
 * Modes: `list` (/flash: day groups, 載入更多快訊), `box` (the home page's latest five), `fill`
 * (an article's sidebar: filled once, no polling).
 */

export type FlashLiveMode = 'list' | 'box' | 'fill';

/** The CSS module's class names, handed over by the component (they are hashed at build time). */
export interface FlashClasses {
  day: string; dayTitle: string; list: string; item: string; important: string; head: string; time: string; badge: string; pin: string;
  text: string; importantText: string; links: string; tags: string; bar: string; boxItem: string; boxImportant: string; boxTime: string;
}

export interface FlashLiveProps {
  mode: FlashLiveMode;
  classes: FlashClasses;
  /** How many items a box shows. */
  size?: number;
}

const RELABEL_MS = 30_000;

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function timeElement(doc: Document, item: PublicFlash): HTMLTimeElement {
  const time = element(doc, 'time', undefined, flashTimeLabel(item.published_at, Date.now()));
  time.dateTime = item.published_at;
  time.dataset.flashTime = '';
  return time;
}

/** The same markup as FlashItem.tsx, built with text nodes only. */
export function buildListItem(doc: Document, item: PublicFlash, c: FlashClasses): HTMLLIElement {
  const li = element(doc, 'li', item.important ? `${c.item} ${c.important}` : c.item);
  li.dataset.flashId = String(item.id);
  li.dataset.flashUpdated = item.updated_at;
  li.dataset.testid = 'flash-item';
  const head = element(doc, 'div', c.head);
  const link = element(doc, 'a', c.time);
  link.href = `/flash/${item.id}`;
  link.append(timeElement(doc, item));
  head.append(link);
  if (item.important) head.append(element(doc, 'span', c.badge, FLASH_TEXT.important));
  if (item.pinned) head.append(element(doc, 'span', c.pin, FLASH_TEXT.pinned));
  const text = element(doc, 'p', item.important ? `${c.text} ${c.importantText}` : c.text);
  for (const part of flashTextParts(item.text)) {
    if (!part.href) {
      text.append(element(doc, 'span', undefined, part.text));
      continue;
    }
    const a = element(doc, 'a', undefined, part.text);
    a.href = part.href;
    a.rel = 'noopener nofollow ugc';
    a.target = '_blank';
    text.append(a);
  }
  li.append(head, text);
  if (item.article || item.source_url) {
    const links = element(doc, 'div', c.links);
    if (item.article) {
      const a = element(doc, 'a', undefined, FLASH_TEXT.fullStory);
      a.href = `/article/${encodeURIComponent(item.article.slug)}`;
      links.append(a);
    }
    if (item.source_url) {
      const a = element(doc, 'a', undefined, FLASH_TEXT.source);
      a.href = item.source_url;
      a.rel = 'noopener nofollow ugc';
      a.target = '_blank';
      links.append(a);
    }
    li.append(links);
  }
  if (item.tags.length > 0) {
    const tags = element(doc, 'ul', c.tags);
    tags.setAttribute('aria-label', '標籤');
    for (const tag of item.tags) {
      const a = element(doc, 'a', undefined, `#${tag.name}`);
      a.href = tagPagePath(tag.key);
      const li2 = element(doc, 'li');
      li2.append(a);
      tags.append(li2);
    }
    li.append(tags);
  }
  return li;
}

/** The same markup as FlashBox.tsx's rows. */
export function buildBoxItem(doc: Document, item: PublicFlash, c: FlashClasses): HTMLLIElement {
  const li = element(doc, 'li', item.important ? `${c.boxItem} ${c.boxImportant}` : c.boxItem);
  li.dataset.flashId = String(item.id);
  li.dataset.flashUpdated = item.updated_at;
  li.dataset.testid = 'flash-box-item';
  const time = element(doc, 'span', c.boxTime);
  time.append(timeElement(doc, item));
  if (item.important) time.append(` ${FLASH_TEXT.important}`);
  const a = element(doc, 'a', undefined, item.text.split('\n')[0]);
  a.href = `/flash/${item.id}`;
  li.append(time, a);
  return li;
}

const byNewest = (a: PublicFlash, b: PublicFlash) => b.published_at.localeCompare(a.published_at) || b.id - a.id;

export function runFlashLive(marker: HTMLElement, rawProps: object): () => void {
  const props = rawProps as FlashLiveProps;
  const doc = marker.ownerDocument;
  const win = doc.defaultView!;
  const root = doc.querySelector<HTMLElement>(`[data-flash-root="${props.mode}"]`);
  const stops: Array<() => void> = [];
  const stop = () => stops.forEach((fn) => fn());
  if (!root) return stop;
  const c = props.classes;
  const size = props.size ?? 5;
  const build = (item: PublicFlash) => (props.mode === 'list' ? buildListItem(doc, item, c) : buildBoxItem(doc, item, c));

  const relabel = () => {
    for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-flash-time]')) time.textContent = flashTimeLabel(time.dateTime, Date.now());
  };
  relabel();
  const relabelTimer = win.setInterval(relabel, RELABEL_MS);
  stops.push(() => win.clearInterval(relabelTimer));

  /** What the page shows: id → the version (updated_at) shown and its time. */
  const shown = new Map<number, ShownFlash>();
  const show = (item: PublicFlash) => shown.set(item.id, { version: item.updated_at, publishedAt: item.published_at });
  for (const node of root.querySelectorAll<HTMLElement>('[data-flash-id]')) {
    const time = node.querySelector<HTMLTimeElement>('time[data-flash-time]');
    if (time) shown.set(Number(node.dataset.flashId), { version: node.dataset.flashUpdated ?? '', publishedAt: time.dateTime });
  }
  let pending: PublicFlash[] = [];
  const baseTitle = doc.title.replace(/^\(\d+\) /, '');

  const bar = element(doc, 'button', c.bar);
  bar.type = 'button';
  bar.hidden = true;
  bar.dataset.testid = 'flash-new-bar';
  bar.setAttribute('aria-live', 'polite');
  root.prepend(bar);
  stops.push(() => bar.remove());

  const showCount = () => {
    bar.hidden = pending.length === 0;
    bar.textContent = FLASH_TEXT.newItems(pending.length);
    doc.title = pending.length > 0 ? `(${pending.length}) ${baseTitle}` : baseTitle;
  };

  const dayList = (item: PublicFlash, atTop: boolean): HTMLElement => {
    const key = flashDayKey(item.published_at);
    const existing = root.querySelector<HTMLElement>(`[data-flash-day="${key}"] ol`);
    if (existing) return existing;
    const section = element(doc, 'section', c.day);
    section.dataset.flashDay = key;
    const list = element(doc, 'ol', c.list);
    section.append(element(doc, 'h2', c.dayTitle, flashDayLabel(item.published_at, Date.now())), list);
    const days = root.querySelector<HTMLElement>('[data-flash-days]') ?? root;
    if (atTop) days.prepend(section);
    else days.append(section);
    return list;
  };

  /** New items go in at the top, newest first. */
  const insert = (items: PublicFlash[]) => {
    for (const item of [...items].sort(byNewest).reverse()) {
      show(item);
      if (props.mode === 'list') {
        const list = dayList(item, true);
        list.prepend(build(item));
      } else {
        const list = root.querySelector<HTMLElement>('[data-flash-items]');
        if (!list) continue;
        list.prepend(build(item));
        while (list.children.length > size) list.lastElementChild!.remove();
      }
    }
    root.querySelector('[data-flash-empty]')?.remove();
  };

  const apply = ({ items }: FlashLive) => {
    const { added, edited, removed } = flashLiveChanges(shown, items);
    for (const item of added) {
      pending = pending.filter((held) => held.id !== item.id);
      pending.push(item);
    }
    for (const item of edited) {
      // An edit: the item is replaced where it stands.
      for (const node of root.querySelectorAll<HTMLElement>(`[data-flash-id="${item.id}"]`)) node.replaceWith(build(item));
      show(item);
    }
    for (const id of removed) {
      for (const gone of root.querySelectorAll<HTMLElement>(`[data-flash-id="${id}"]`)) gone.remove();
      shown.delete(id);
    }
    const live = new Set(items.map((item) => item.id));
    pending = pending.filter((item) => live.has(item.id));
    showCount();
  };

  const onTap = () => {
    insert(pending);
    pending = [];
    showCount();
    root.scrollIntoView({ block: 'start' });
  };
  bar.addEventListener('click', onTap);

  let timer: number | undefined;
  let asking: AbortController | undefined;
  const ask = async () => {
    if (doc.visibilityState !== 'visible') return;
    asking?.abort();
    asking = new AbortController();
    try {
      // Revalidated each time: the gateway answers from its cache, a 304 when nothing changed.
      const res = await fetch(FLASH_LIVE_PATH, { cache: 'no-cache', headers: { Accept: 'application/json' }, signal: asking.signal });
      if (res.ok) apply((await res.json()) as FlashLive);
    } catch {
      // Offline or the gateway restarting: the next poll asks again; the ids shown are kept.
    }
  };
  const schedule = () => {
    win.clearTimeout(timer);
    if (doc.visibilityState !== 'visible') return;
    // A little spread, so pages opened together do not ask together.
    timer = win.setTimeout(async () => {
      await ask();
      schedule();
    }, FLASH_POLL_MS - 1000 + Math.random() * 2000);
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') void ask().then(schedule);
    else {
      win.clearTimeout(timer);
      asking?.abort();
    }
  };

  if (props.mode === 'fill') {
    // Filled when the reader first reaches for the page (as `interaction` islands hydrate): an
    // article page costs no request of its own until it is read, and its text never waits for it.
    const events = ['scroll', 'pointerdown', 'pointermove', 'keydown', 'touchstart'] as const;
    const fill = () => {
      for (const name of events) win.removeEventListener(name, fill);
      void fetch(FLASH_LIVE_PATH, { headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<FlashLive>) : { items: [] }))
        .then(({ items }) => insert(items.slice(0, size)))
        .catch(() => {});
    };
    for (const name of events) win.addEventListener(name, fill, { passive: true });
    stops.push(() => events.forEach((name) => win.removeEventListener(name, fill)));
  } else {
    doc.addEventListener('visibilitychange', onVisibility);
    stops.push(() => doc.removeEventListener('visibilitychange', onVisibility));
    stops.push(() => win.clearTimeout(timer));
    schedule();
  }

  // 載入更多快訊: the next page appended in place; without a script the link loads /flash?cursor=.
  const more = root.querySelector<HTMLAnchorElement>('[data-flash-more]');
  const onMore = async (event: MouseEvent) => {
    event.preventDefault();
    const cursor = new URL(more!.href).searchParams.get('cursor');
    if (!cursor) return;
    try {
      const res = await fetch(`${FLASH_PUBLIC_PATH}?cursor=${encodeURIComponent(cursor)}`, { headers: { Accept: 'application/json' } });
      if (!res.ok) return;
      const page = (await res.json()) as FlashPage;
      for (const item of page.items) {
        if (shown.has(item.id)) continue;
        show(item);
        dayList(item, false).append(build(item));
      }
      if (page.next_cursor) more!.href = `/flash?cursor=${encodeURIComponent(page.next_cursor)}`;
      else more!.parentElement?.remove();
    } catch {
      // The link still works as a page load.
    }
  };
  if (more) {
    more.addEventListener('click', onMore);
    stops.push(() => more.removeEventListener('click', onMore));
  }
  stops.push(() => bar.removeEventListener('click', onTap));
  return stop;
}
