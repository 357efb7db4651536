import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { markTemplateNonces } from '../../csp/nonce.js';
import { inlineShellStylesheets } from '../inline-styles.js';

/** How often the shell's index.html is looked at for a rebuild. */
const TEMPLATE_CHECK_MS = 1_000;

/** The template as last read: its file's mtime is its version (part of every cached page's key). */
export interface Template {
  readonly html: string;
  readonly version: number;
}

/**
 * The shell's index.html every page is written into, its stylesheets inlined and each of its
 * script and style tags marked for the response's CSP nonce; read again when it is rebuilt.
 */
export class ShellTemplate {
  private template: { version: number; html: string; checkedAt: number } | null = null;

  constructor(private readonly shellDist: string) {}

  /** The template when it was looked at within the last second, without an await; else undefined. */
  checked(): Template | undefined {
    const template = this.template;
    // The record itself (no copy): the edge's page lane asks on every cached page view.
    return template && Date.now() - template.checkedAt < TEMPLATE_CHECK_MS ? template : undefined;
  }

  /** The current template; null when the shell is not built. */
  async current(): Promise<Template | null> {
    // Looked at for a rebuild at most once a second: a stat per page view was an eighth of the gateway's CPU on cached pages.
    const checked = this.checked();
    if (checked) return checked;
    const now = Date.now();
    const file = join(this.shellDist, 'index.html');
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    if (!this.template || this.template.version !== info.mtimeMs) {
      this.template = { version: info.mtimeMs, html: markTemplateNonces(await inlineShellStylesheets(await readFile(file, 'utf8'), this.shellDist)), checkedAt: now };
    }
    this.template.checkedAt = now;
    return this.template;
  }
}
