import { placeOf, type Face } from '../../domain/faces';
import { currentLocale } from '../../lib/locale';
import type { Locale } from '../../lib/locale-path';
import { m } from '../../paraglide/messages.js';

const ENGLISH_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** "2nd" in English, "2." in Norwegian: a place counted in a row. */
export function ordinal(value: number, locale: Locale = currentLocale()): string {
  if (locale === 'nb') return `${value}.`;
  return `${value}${ENGLISH_SUFFIX[new Intl.PluralRules('en', { type: 'ordinal' }).select(value)]}`;
}

/** Where a face stands, for the list and a screen reader: "row 3, 2nd from the left", or that it is not marked. */
export function placeText(face: Face, faces: readonly Face[], locale: Locale = currentLocale()): string {
  const place = placeOf(face, faces);
  return place
    ? m.faces_place({ row: place.row, position: ordinal(place.fromLeft, locale) }, { locale })
    : m.faces_no_place({}, { locale });
}

/** A face's name, or that it has none yet. */
export function nameText(face: Face, locale: Locale = currentLocale()): string {
  return face.name ?? m.faces_name_unknown({}, { locale });
}
