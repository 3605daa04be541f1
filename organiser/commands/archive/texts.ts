/**
 * The words of the family archive (its index pages and README.txt) in each language. They live here rather than in
 * messages/*.json because the site never shows them: only the archive's files carry them. One object per language
 * with the same keys, so that the type checker refuses a text written in one language only.
 */
import type { Locale } from '../../../src/lib/locale-path.ts';

export interface ArchiveTexts {
  /** The language's name, in itself (the link to the other index). */
  languageName: string;
  title: string;
  intro: (made: string) => string;
  livingPeople: string;
  readme: string;
  otherLanguage: string;
  contents: string;
  filesHeading: string;
  filesIntro: string;
  approvalOnly: string;
  namesHeading: string;
  namesIntro: string;
  pictureWithNames: string;
  namesCsv: string;
  number: string;
  row: string;
  name: string;
  note: string;
  noName: string;
  noFacesNamed: string;
  photosHeading: string;
  photosIntro: (count: number) => string;
  photo: string;
  caption: string;
  takenAt: string;
  sharedBy: string;
  aRelative: string;
  noPhotos: string;
  pagesHeading: string;
  pagesIntro: string;
  newsHeading: string;
  formats: Record<'pdf' | 'jpeg' | 'xlsx' | 'pptx', string>;
  /** README.txt's part in this language (plain text, lines of at most 78 characters). */
  readmeText: (facts: ReadmeFacts) => string;
}

export interface ReadmeFacts {
  /** When it was made, as people read it in the language. */
  made: string;
  madeBy: string;
  files: number;
  photos: number;
  namedPictures: number;
  pages: number;
}

/** "1 photo", "3 photos"; "1 bilde", "3 bilder". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const ARCHIVE_TEXTS: Record<Locale, ArchiveTexts> = {
  en: {
    languageName: 'English',
    title: 'The family archive of the Rolette reunions',
    intro: (made) =>
      `The papers, pictures and names the descendants of two Norwegian immigrant families gathered for their ` +
      `reunions in Rolette, North Dakota (1976 and 2026), as the family's website held them on ${made}. Every ` +
      `file opens without the website and without the internet.`,
    livingPeople:
      'It holds photos of living relatives, children among them, and the names of living people: it is for the ' +
      'family. Do not put it, or files from it, on the internet.',
    readme: 'README.txt, beside the data folder, says how to check that no file has changed.',
    otherLanguage: 'Norsk',
    contents: 'Contents',
    filesHeading: 'Papers and pictures',
    filesIntro: 'The files of the members area, each as it was put on the website.',
    approvalOnly: 'names living people',
    namesHeading: 'Who is who',
    namesIntro:
      'The pictures whose faces the family named. The names are written into each picture (as regions that ' +
      'photo programs show) and listed in a spreadsheet file (CSV).',
    pictureWithNames: 'the picture, with the names in it',
    namesCsv: 'the names as a spreadsheet (CSV)',
    number: 'No.',
    row: 'Row',
    name: 'Name',
    note: 'Note',
    noName: 'not named',
    noFacesNamed: 'No face is named yet.',
    photosHeading: 'Photos shared by relatives',
    photosIntro: (count) =>
      `${count === 1 ? 'One photo' : `${count} photos`} shared on the website and approved by the organisers. ` +
      'The caption, when it was taken and who shared it are written into each photo as well.',
    photo: 'Photo',
    caption: 'Caption',
    takenAt: 'Taken',
    sharedBy: 'Shared by',
    aRelative: 'a relative',
    noPhotos: 'No photo had been shared.',
    pagesHeading: "The website's pages",
    pagesIntro: "The website's public pages as they read then, without the menus.",
    newsHeading: 'News',
    formats: { pdf: 'PDF', jpeg: 'JPEG picture', xlsx: 'Excel spreadsheet', pptx: 'PowerPoint presentation' },
    readmeText: (facts) => `THE FAMILY ARCHIVE OF THE ROLETTE REUNIONS

What this is
  The papers, pictures and names that the descendants of two Norwegian
  immigrant families gathered for their reunions in Rolette, North Dakota,
  in 1976 and 2026, copied from the family's website on ${facts.made}
  by ${facts.madeBy}.
  ${count(facts.files, 'file', 'files')} of the members area, ${count(facts.photos, 'photo', 'photos')} shared by
  relatives, ${count(facts.namedPictures, 'picture', 'pictures')} with the names of their faces, and
  ${count(facts.pages, 'page', 'pages')} of the website.

  Open data/index.html (English) or data/nb/index.html (Norwegian) in any
  web browser: they list and link every file. No program needs the
  internet or the website.

Living people
  The photos show living relatives, children among them, and the names on
  the pictures are those of living people. The archive is for the family:
  the website showed these files only to relatives the organisers had
  approved. Do not put it, or files from it, on the internet.

How to check it
  This folder is a "bag" in the BagIt format (RFC 8493, version 1.0).
  manifest-sha512.txt gives the SHA-512 checksum of every file under data/;
  tagmanifest-sha512.txt those of the files beside it. On Linux or macOS,
  in this folder:   sha512sum -c manifest-sha512.txt
  (macOS without sha512sum:  shasum -a 512 -c manifest-sha512.txt)
  Any BagIt validator checks it too (the Library of Congress' bagit-java,
  bagit-python's  bagit.py --validate <folder>).
  bag-info.txt gives the date it was made and the number and size of the
  files (Payload-Oxum). Keep copies in at least two places; check them
  once a year.

Which program opens what
  .html  any web browser
  .pdf   any PDF reader (a web browser, too)
  .jpg   any picture viewer. The names of the faces are in the pictures as
         MWG regions (XMP), and captions as IPTC/XMP fields: digiKam,
         Adobe Lightroom and Bridge show them; exiftool lists them.
  .csv   a spreadsheet program or a text editor (UTF-8, comma-separated)
  .xlsx  a spreadsheet program (LibreOffice Calc, Excel): Office Open XML
  .pptx  a presentation program (LibreOffice Impress, PowerPoint)
  .txt   any text editor
`,
  },
  nb: {
    languageName: 'Norsk',
    title: 'Slektsarkivet fra slektstreffene i Rolette',
    intro: (made) =>
      'Papirene, bildene og navnene som etterkommerne etter to norske utvandrerfamilier samlet til ' +
      `slektstreffene sine i Rolette i North Dakota (1976 og 2026), slik slektens nettsted hadde dem ${made}. ` +
      'Alle filene kan åpnes uten nettstedet og uten internett.',
    livingPeople:
      'Arkivet har bilder av slektninger som lever i dag, også av barn, og navn på levende personer: det er for ' +
      'slekten. Ikke legg det, eller filer fra det, ut på internett.',
    readme: 'README.txt, ved siden av data-mappen, forteller hvordan du kontrollerer at ingen fil er endret.',
    otherLanguage: 'English',
    contents: 'Innhold',
    filesHeading: 'Papirer og bilder',
    filesIntro: 'Filene fra medlemssidene, hver slik den ble lagt ut på nettstedet.',
    approvalOnly: 'navngir levende personer',
    namesHeading: 'Hvem er hvem',
    namesIntro:
      'Bildene der slekten har satt navn på ansiktene. Navnene er skrevet inn i hvert bilde (som områder ' +
      'bildeprogrammer viser) og står i en regnearkfil (CSV).',
    pictureWithNames: 'bildet, med navnene i',
    namesCsv: 'navnene som regneark (CSV)',
    number: 'Nr.',
    row: 'Rad',
    name: 'Navn',
    note: 'Merknad',
    noName: 'uten navn',
    noFacesNamed: 'Ingen ansikter har fått navn ennå.',
    photosHeading: 'Bilder delt av slektninger',
    photosIntro: (count) =>
      `${count === 1 ? 'Ett bilde' : `${count} bilder`} delt på nettstedet og godkjent av arrangørene. ` +
      'Bildeteksten, når bildet ble tatt og hvem som delte det, er også skrevet inn i hvert bilde.',
    photo: 'Bilde',
    caption: 'Bildetekst',
    takenAt: 'Tatt',
    sharedBy: 'Delt av',
    aRelative: 'en slektning',
    noPhotos: 'Ingen bilder var delt.',
    pagesHeading: 'Sidene på nettstedet',
    pagesIntro: 'De åpne sidene på nettstedet slik de lød da, uten menyene.',
    newsHeading: 'Nyheter',
    formats: { pdf: 'PDF', jpeg: 'JPEG-bilde', xlsx: 'Excel-regneark', pptx: 'PowerPoint-presentasjon' },
    readmeText: (facts) => `SLEKTSARKIVET FRA SLEKTSTREFFENE I ROLETTE

Hva dette er
  Papirene, bildene og navnene som etterkommerne etter to norske
  utvandrerfamilier samlet til slektstreffene sine i Rolette i North
  Dakota i 1976 og 2026, kopiert fra slektens nettsted ${facts.made}
  av ${facts.madeBy}.
  ${count(facts.files, 'fil', 'filer')} fra medlemssidene, ${count(facts.photos, 'bilde', 'bilder')} delt av
  slektninger, ${count(facts.namedPictures, 'bilde', 'bilder')} med navn på ansiktene og
  ${count(facts.pages, 'side', 'sider')} fra nettstedet.

  Åpne data/nb/index.html (norsk) eller data/index.html (engelsk) i en
  hvilken som helst nettleser: der står alle filene, med lenker. Ingen
  programmer trenger internett eller nettstedet.

Levende personer
  Bildene viser slektninger som lever i dag, også barn, og navnene på
  bildene er navn på levende personer. Arkivet er for slekten: nettstedet
  viste disse filene bare til slektninger som arrangørene hadde godkjent.
  Ikke legg det, eller filer fra det, ut på internett.

Slik kontrollerer du det
  Mappen er en «bag» i formatet BagIt (RFC 8493, versjon 1.0).
  manifest-sha512.txt har SHA-512-sjekksummen til hver fil under data/,
  tagmanifest-sha512.txt sjekksummene til filene ved siden av. På Linux
  eller macOS, i denne mappen:   sha512sum -c manifest-sha512.txt
  (macOS uten sha512sum:  shasum -a 512 -c manifest-sha512.txt)
  Alle BagIt-kontrollprogrammer kan også brukes (Library of Congress'
  bagit-java, bagit-python med  bagit.py --validate <mappe>).
  bag-info.txt har datoen arkivet ble laget, og antallet og størrelsen på
  filene (Payload-Oxum). Ha kopier på minst to steder, og kontroller dem
  én gang i året.

Hvilket program åpner hva
  .html  en hvilken som helst nettleser
  .pdf   et PDF-program (eller en nettleser)
  .jpg   et bildeprogram. Navnene på ansiktene ligger i bildene som
         MWG-områder (XMP), bildetekstene som IPTC/XMP-felt: digiKam,
         Adobe Lightroom og Bridge viser dem, exiftool lister dem.
  .csv   et regneark eller et tekstprogram (UTF-8, kommadelt)
  .xlsx  et regneark (LibreOffice Calc, Excel): Office Open XML
  .pptx  et presentasjonsprogram (LibreOffice Impress, PowerPoint)
  .txt   et hvilket som helst tekstprogram
`,
  },
};
