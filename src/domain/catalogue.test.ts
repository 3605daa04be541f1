import {
  CATALOGUE,
  contentTypeOf,
  downloadFileName,
  fileNameInStorage,
  groupsOf,
  storagePathOf,
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
    expect(groupsOf('documents').map((group) => [group.name, group.entries.length])).toEqual([
      ['1976 Reunion', 6],
      ['Genealogy Books', 1],
      ['North Dakota History', 2],
      ['Railway War and Founding of Rolette', 3],
      ['Rolette County History', 4],
      ["1930s Federal Writers' Project Pioneer Interviews", 5],
      ['Interviews and Recollections', 3],
    ]);
    expect(groupsOf('images').map((group) => [group.name, group.entries.map((entry) => entry.id)])).toEqual([
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

  it('marks the two lists of living people approval-only, and nothing else', () => {
    expect(CATALOGUE.filter((entry) => entry.approvalOnly).map((entry) => entry.id)).toEqual([
      'attendees-list-1976',
      'time-capsule-list',
    ]);
    for (const entry of CATALOGUE) expect(typeof entry.approvalOnly).toBe('boolean');
  });

  it('names a saved file by its display name with the right extension, safe for every file system', () => {
    const entry = CATALOGUE.find((candidate) => candidate.id === 'two-reunions-presentation')!;
    expect(downloadFileName(entry)).toBe('Two Reunions, 50 Years Apart.pptx');
    expect(downloadFileName({ ...entry, displayName: 'A/B: "C"?  D', kind: 'pdf' })).toBe('A-B- -C- D.pdf');
  });
});
