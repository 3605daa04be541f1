import { describe, expect, it } from 'vitest';

import { CATALOGUE, downloadFileName, type CatalogueEntry } from '../../src/domain/catalogue.ts';
import { accessOf, contentDispositionOf, memberFileMetadata } from './member-files.ts';

const byId = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;

describe('contentDispositionOf', () => {
  it('names the download after the display name', () => {
    const entry = byId('pioneer-interview-1');
    expect(downloadFileName(entry)).toBe("Federal Writers' Project Pioneer Interview 1.pdf");
    expect(contentDispositionOf(entry)).toBe(
      'attachment; filename="Federal Writers\' Project Pioneer Interview 1.pdf"',
    );
  });

  it('adds the RFC 8187 form for a name that is not plain ASCII, with an ASCII fallback', () => {
    const entry: CatalogueEntry = { ...CATALOGUE[0]!, title: () => 'Søren "Joe" Rolette', kind: 'pdf' };
    expect(contentDispositionOf(entry)).toBe(
      'attachment; filename="S?ren -Joe- Rolette.pdf"; filename*=UTF-8\'\'S%C3%B8ren%20-Joe-%20Rolette.pdf',
    );
  });
});

describe('memberFileMetadata', () => {
  it('stores the content type, the download name and access=approved for an approval-only file', () => {
    expect(memberFileMetadata(byId('attendees-list-1976'))).toEqual({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      contentDisposition: 'attachment; filename="1976 Reunion Attendees List.xlsx"',
      metadata: { access: 'approved' },
    });
  });

  it('access=verified for every other file', () => {
    expect(memberFileMetadata(byId('program-1976')).metadata).toEqual({ access: 'verified' });
    expect(CATALOGUE.filter((entry) => accessOf(entry) === 'approved').map((entry) => entry.id)).toEqual([
      'attendees-list-1976',
      'time-capsule-list',
      'group-photo-identification-1976',
    ]);
  });
});
