import {
  CATALOGUE,
  contentTypeOf,
  type CatalogueGroup,
  downloadFileName,
  fileNameInStorage,
  groupsOf,
  hasThumbnail,
  safeFileName,
  safeName,
  storagePathOf,
  thumbnailPathOf,
  titleOf,
} from './catalogue';

describe('catalogue', () => {
  it('has every file of the spec, each with a unique id and storage path under members/', () => {
    expect(CATALOGUE).toHaveLength(31);
    expect(new Set(CATALOGUE.map((entry) => entry.id)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map(fileNameInStorage)).size).toBe(CATALOGUE.length);
    for (const entry of CATALOGUE)
      expect(storagePathOf(entry)).toMatch(/^members\/[a-z-]+\/[a-z0-9-]+\.(pdf|jpg|xlsx|pptx)$/);
  });

  it('groups the documents as the spec lists them', () => {
    const name = ({ group }: { group: CatalogueGroup }) => group.title({}, { locale: 'en' });
    expect(groupsOf('documents').map((group) => [name(group), group.entries.length])).toEqual([
      ['1976 Reunion', 6],
      ['Genealogy Books', 1],
      ['North Dakota History', 2],
      ['Railway War and Founding of Rolette', 3],
      ['Rolette County History', 4],
      ["1930s Federal Writers' Project Pioneer Interviews", 5],
      ['Interviews and Recollections', 3],
    ]);
    expect(groupsOf('images').map((group) => [name(group), group.entries.map((entry) => entry.id)])).toEqual([
      ['1976 Reunion', ['group-photo-1976', 'group-photo-identification-1976', 'cemetery-monument']],
      ['Rolette County History', ['rolette-panorama', 'threshing-crew']],
    ]);
    expect(groupsOf('educational-materials')[0]!.entries).toHaveLength(2);
  });

  it('gives spreadsheets, images and the presentation their types, and PDF to the rest', () => {
    const byType = (type: string) =>
      CATALOGUE.filter((entry) => contentTypeOf(entry) === type).map((entry) => entry.id);
    expect(byType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toEqual([
      'attendees-list-1976',
      'time-capsule-list',
    ]);
    expect(byType('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toEqual([
      'two-reunions-presentation',
    ]);
    expect(byType('image/jpeg')).toHaveLength(5);
    expect(byType('application/pdf')).toHaveLength(23);
  });

  it('marks the three lists of living people approval-only (the identification key of 1976 too), and nothing else', () => {
    expect(CATALOGUE.filter((entry) => entry.approvalOnly).map((entry) => entry.id)).toEqual([
      'attendees-list-1976',
      'time-capsule-list',
      'group-photo-identification-1976',
    ]);
    for (const entry of CATALOGUE) expect(typeof entry.approvalOnly).toBe('boolean');
  });

  it("names a saved file by its title in the page's language, with the right extension", () => {
    const entry = CATALOGUE.find((candidate) => candidate.id === 'two-reunions-presentation')!;
    expect(downloadFileName(entry, 'en')).toBe('Two Reunions, 50 Years Apart.pptx');
    expect(downloadFileName(entry, 'nb')).toBe('To slektstreff med 50 års mellomrom.pptx');
    expect(titleOf(entry, 'en')).toBe('Two Reunions, 50 Years Apart');
  });

  it('makes a title safe for every file system', () => {
    expect(safeFileName('A/B: "C"?  D', 'pdf')).toBe('A-B – -C- D.pdf');
    // A colon before words becomes a dash, as people write it in a file name (not "Tidskapselen- avsendere").
    const list = CATALOGUE.find((candidate) => candidate.id === 'time-capsule-list')!;
    expect(downloadFileName(list, 'nb')).toBe('Tidskapselen – avsendere og mottakere.xlsx');
    expect(downloadFileName(list, 'en')).toBe('Time Capsule Donors and Recipients.xlsx');
    const biography = CATALOGUE.find((candidate) => candidate.id === 'fur-trader-biography')!;
    expect(downloadFileName(biography, 'en')).toBe('Joe Rolette – Biography of a Fur Trader.pdf');
    expect(safeFileName('Kl. 10:30', 'pdf')).toBe('Kl. 10-30.pdf');
    expect(safeFileName('Rolettes historie 1905–1980', 'pdf')).toBe('Rolettes historie 1905–1980.pdf');
  });

  it('has a title in both languages for every file and group, different where the languages differ', () => {
    for (const entry of CATALOGUE) {
      expect(titleOf(entry, 'en')).not.toBe('');
      expect(titleOf(entry, 'nb')).not.toBe('');
      expect(entry.group.title({}, { locale: 'nb' })).not.toBe('');
    }
    const nb = CATALOGUE.filter((entry) => titleOf(entry, 'nb') === titleOf(entry, 'en'));
    expect(nb).toEqual([]);
  });

  it('gives every image, and nothing else, a thumbnail under members/ beside its image', () => {
    const images = CATALOGUE.filter(hasThumbnail);
    expect(images.map((entry) => entry.kind)).toEqual(['jpeg', 'jpeg', 'jpeg', 'jpeg', 'jpeg']);
    expect(thumbnailPathOf(images[0]!)).toBe('members/images/thumbnails/group-photo-1976.jpg');
    const paths = new Set(CATALOGUE.map(storagePathOf));
    for (const entry of images) expect(paths.has(thumbnailPathOf(entry))).toBe(false);
    expect(() => thumbnailPathOf(CATALOGUE[0]!)).toThrow(/no thumbnail/);
  });

  it('makes a folder name safe without adding an extension', () => {
    expect(safeName(' Railway War: 1905 / 1906 ')).toBe('Railway War – 1905 - 1906');
  });
});
