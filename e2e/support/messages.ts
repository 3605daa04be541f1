/**
 * The site's texts as the specs read them, from messages/*.json: a plain message by key, with its {variables}
 * filled in and its markup marks ({#link}...{/link}) dropped, as the page shows it.
 */
import { readFileSync } from 'node:fs';

export type Locale = 'en' | 'nb';
type Variants = { match: Record<string, string> }[];
export type Messages = Record<string, string | Variants>;

export const messages: Record<Locale, Messages> = {
  en: JSON.parse(readFileSync('messages/en.json', 'utf8')) as Messages,
  nb: JSON.parse(readFileSync('messages/nb.json', 'utf8')) as Messages,
};

/** A plain message's text in a language; throws for an unknown key or a message with forms (plurals). */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const message = messages[locale][key];
  if (typeof message !== 'string') throw new Error(`messages/${locale}.json has no plain message ${key}`);
  return message
    .replace(/\{[#/][^}]*\}/g, '')
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
