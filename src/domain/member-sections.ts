/** The members area's sections, in sidebar order; `documents` is active at first. */
export const MEMBER_SECTIONS = [
  { id: 'documents', label: 'Documents' },
  { id: 'images', label: 'Images' },
  { id: 'educational-materials', label: 'Educational Materials' },
  { id: 'links', label: 'Links' },
] as const;

export type MemberSectionId = (typeof MEMBER_SECTIONS)[number]['id'];
export const MEMBER_SECTION_IDS: readonly MemberSectionId[] = MEMBER_SECTIONS.map((section) => section.id);
