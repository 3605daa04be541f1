/** The members area's sections, in sidebar order; `documents` is active at first. */
export const MEMBER_SECTION_IDS = ['documents', 'images', 'educational-materials', 'links'] as const;

export type MemberSectionId = (typeof MEMBER_SECTION_IDS)[number];
