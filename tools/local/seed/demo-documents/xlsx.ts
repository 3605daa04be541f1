/**
 * SpreadsheetML written by hand: the smallest package Excel, LibreOffice and Numbers open without repair. Inline
 * strings (no shared-strings part), one bold style for titles and column headings, fixed dates.
 */
import { DEMO_AUTHOR, DEMO_NOTICE, FIXED_DATE, xmlEscape, zipParts } from './common.ts';

export type Cell = string | number;

export interface Sheet {
  /** The tab's name (at most 31 characters, none of []:*?/\). */
  name: string;
  rows: readonly (readonly Cell[])[];
  /** Each column's width in characters, from A. */
  widths: readonly number[];
  /** The rows (0-based) written in bold: the title and the column headings. */
  boldRows?: readonly number[];
  /** Rows kept in view when scrolling (the title and headings above the list). */
  freezeRows?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

function columnName(index: number): string {
  if (index > 25) throw new RangeError('The demo sheets have at most 26 columns');
  return String.fromCharCode(65 + index);
}

export function sheetXml(sheet: Sheet): string {
  const bold = new Set(sheet.boldRows ?? []);
  const rowXml = sheet.rows.map((cells, r) => {
    const style = bold.has(r) ? ' s="1"' : '';
    const cellXml = cells.map((value, c) => {
      const ref = `${columnName(c)}${r + 1}`;
      if (value === '') return '';
      return typeof value === 'number'
        ? `<c r="${ref}"${style}><v>${value}</v></c>`
        : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlEscape(value)}</t></is></c>`;
    });
    return `<row r="${r + 1}">${cellXml.join('')}</row>`;
  });
  const frozen = sheet.freezeRows
    ? '<sheetViews><sheetView workbookViewId="0">' +
      `<pane ySplit="${sheet.freezeRows}" topLeftCell="A${sheet.freezeRows + 1}" activePane="bottomLeft" state="frozen"/>` +
      '</sheetView></sheetViews>'
    : '';
  const cols = sheet.widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN}">` +
    frozen +
    `<cols>${cols}</cols>` +
    `<sheetData>${rowXml.join('')}</sheetData>` +
    '</worksheet>'
  );
}

const STYLES_XML =
  XML_HEAD +
  `<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function corePropsXml(title: string): string {
  const date = FIXED_DATE.toISOString().replace('.000Z', 'Z');
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlEscape(title)}</dc:title><dc:description>${xmlEscape(DEMO_NOTICE)}</dc:description>` +
    `<dc:creator>${xmlEscape(DEMO_AUTHOR)}</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${date}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${date}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

/** A workbook of the sheets, in order (the first is xl/worksheets/sheet1.xml), titled in its properties. */
export function xlsxPackage(title: string, sheets: readonly Sheet[]): Promise<Buffer> {
  for (const sheet of sheets) {
    if (sheet.name.length > 31 || /[[\]:*?/\\]/.test(sheet.name))
      throw new RangeError(`Not a sheet name Excel accepts: ${sheet.name}`);
  }
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  return zipParts([
    [
      '[Content_Types].xml',
      XML_HEAD +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        overrides +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      XML_HEAD +
        `<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ],
    ['docProps/core.xml', corePropsXml(title)],
    [
      'xl/workbook.xml',
      XML_HEAD +
        `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        sheets
          .map((sheet, i) => `<sheet name="${xmlEscape(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      XML_HEAD +
        `<Relationships xmlns="${PKG_REL}">` +
        sheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    ['xl/styles.xml', STYLES_XML],
    ...sheets.map((sheet, i) => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet)] as const),
  ]);
}
