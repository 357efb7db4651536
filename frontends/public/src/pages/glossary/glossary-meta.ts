import type { GlossaryIndex, GlossaryTermPage, GlossaryTermSummary } from '@coinmag/contracts';
import type { PageMeta } from '../../meta/use-page-meta';

/** docs/product.md §3 Glossary: the wording of the glossary's pages. */
export const GLOSSARY_TEXT = {
  title: '術語表',
  lead: (count: number) => `共 ${count.toLocaleString('en-US')} 個加密貨幣術語，依注音符號與英文字母排列`,
  description: '加密貨幣新手常見術語的一句話解釋與完整說明，依注音符號與英文字母排列。',
  aliases: '又稱',
  related: '相關術語',
  articles: '使用這個術語的文章',
  noArticles: '暫無文章',
  unknown: '術語不存在',
  unknownNote: '這個術語可能已被刪除或尚未發布',
  jump: '依字首跳到',
} as const;

export const GLOSSARY_PATH = '/glossary';
export const glossaryTermPath = (slug: string) => `${GLOSSARY_PATH}/${encodeURIComponent(slug)}`;

/** schema.org's DefinedTerm of a term, inside the site's glossary (DefinedTermSet). */
function definedTerm(origin: string, term: GlossaryTermSummary, description = term.definition): object {
  return {
    '@type': 'DefinedTerm',
    name: term.name,
    ...(term.aliases.length ? { alternateName: term.aliases } : {}),
    description,
    url: `${origin}${glossaryTermPath(term.slug)}`,
    inDefinedTermSet: `${origin}${GLOSSARY_PATH}`,
  };
}

/** The glossary's head: a DefinedTermSet listing every term. */
export function glossaryIndexMeta(index: GlossaryIndex): PageMeta {
  const terms = index.groups.flatMap((group) => group.terms);
  return {
    title: GLOSSARY_TEXT.title,
    description: GLOSSARY_TEXT.description,
    path: GLOSSARY_PATH,
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: GLOSSARY_TEXT.title, path: GLOSSARY_PATH }],
    structuredData: (origin) => [
      {
        '@context': 'https://schema.org',
        '@type': 'DefinedTermSet',
        '@id': `${origin}${GLOSSARY_PATH}`,
        name: GLOSSARY_TEXT.title,
        url: `${origin}${GLOSSARY_PATH}`,
        inLanguage: 'zh-Hant-TW',
        hasDefinedTerm: terms.map((term) => definedTerm(origin, term)),
      },
    ],
  };
}

export function glossaryTermMeta(term: GlossaryTermPage, page: number): PageMeta {
  const path = glossaryTermPath(term.slug);
  return {
    title: page > 1 ? `${term.name}是什麼？（第 ${page} 頁）` : `${term.name}是什麼？`,
    description: term.definition,
    path: page > 1 ? `${path}?page=${page}` : path,
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: GLOSSARY_TEXT.title, path: GLOSSARY_PATH }, { name: term.name, path }],
    structuredData: (origin) => [{ '@context': 'https://schema.org', ...definedTerm(origin, term), inDefinedTermSet: { '@type': 'DefinedTermSet', '@id': `${origin}${GLOSSARY_PATH}`, name: GLOSSARY_TEXT.title, url: `${origin}${GLOSSARY_PATH}` } }],
  };
}
