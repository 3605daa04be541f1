/**
 * Typewritten transcripts as PDFs: the 1938–39 Federal Writers' Project interviews, the 1982 oral history
 * interview and Ole Haugen's memories of 1974 (in Norwegian). US Letter, Courier as from a typewriter: a heading,
 * the form's fields, the text in sections, the page number at the foot of every page, and the demo notice under
 * the first page's heading.
 */
import { rgb } from 'pdf-lib';

import { DEMO_AUTHOR, DEMO_FICTION, DEMO_NOTICE, FIXED_DATE } from './common.ts';
import { Flow, renderPdf, type Run } from './pdf-flow.ts';

const SIZE = [612, 792] as const;
const MARGIN = { top: 72, bottom: 72, left: 78, right: 72 };

export interface Transcript {
  /** The catalogue entry's id. */
  id: string;
  /** BCP 47: 'en-US', or 'nb' for the Norwegian ones. */
  language: 'en-US' | 'nb';
  /** Centred lines at the top of the first page. */
  heading: readonly string[];
  /** The form's fields: label and value. */
  fields: readonly (readonly [label: string, value: string])[];
  sections: readonly Section[];
  /** Lines at the end (a signature, where the original is kept). */
  closing?: readonly string[];
  /** The page foot: 'Page {n}' in the transcript's language. */
  pageLabel: string;
}

export interface Section {
  heading?: string;
  /** Paragraphs; one that starts with a speaker's initials ('KB:') is set with a hanging indent. */
  paragraphs: readonly string[];
}

const SPEAKER = /^([A-ZÆØÅ]{2,3}):\s/;

/** The transcript as a PDF titled `title` (the catalogue's English title). */
export async function transcriptPdf(transcript: Transcript, title: string): Promise<Buffer> {
  const flow = await Flow.create({
    size: SIZE,
    margin: MARGIN,
    family: 'courier',
    size10: 10.5,
    decorate: (f, page) => {
      const label = transcript.pageLabel.replace('{n}', String(page.number));
      f.put(label, (SIZE[0] - f.widthOf(label, 9.5)) / 2, 40, 9.5);
    },
  });
  const body = { size: 10.5, leading: 13.5 };
  for (const line of transcript.heading)
    flow.paragraph(line, { ...body, style: 'bold', align: 'center', after: 1 });
  flow.paragraph(`${DEMO_NOTICE}. ${DEMO_FICTION}`, {
    size: 7.5,
    align: 'center',
    before: 6,
    after: 10,
    color: rgb(0.45, 0.3, 0),
  });
  // The fields in two columns: the label, and the value wrapped under itself (Courier: every letter as wide).
  const labelWidth = Math.max(...transcript.fields.map(([label]) => label.length)) + 1;
  const column = flow.widthOf('x'.repeat(labelWidth + 1), body.size);
  for (const [label, value] of transcript.fields) {
    flow.paragraph(
      [{ text: `${label}:`.padEnd(labelWidth, '\u00a0'), style: 'bold' }, { text: ` ${value}` }],
      { ...body, indent: column, firstIndent: -column },
    );
  }
  flow.space(10);
  for (const section of transcript.sections) {
    if (section.heading)
      flow.paragraph(section.heading, { ...body, style: 'bold', before: 10, after: 4, keepWithNext: 2 });
    for (const paragraph of section.paragraphs) {
      const speaker = SPEAKER.exec(paragraph);
      if (speaker) {
        const runs: Run[] = [
          { text: speaker[1]!, style: 'bold' },
          { text: paragraph.slice(speaker[1]!.length) },
        ];
        const hang = flow.widthOf('XXX: ', body.size);
        flow.paragraph(runs, { ...body, indent: hang, firstIndent: -hang, after: 6 });
      } else {
        flow.paragraph(paragraph, { ...body, firstIndent: flow.widthOf('xxxx', body.size), after: 6 });
      }
    }
  }
  for (const line of transcript.closing ?? []) flow.paragraph(line, { ...body, before: 4 });
  return renderPdf(flow.finish(), SIZE, {
    title,
    subject: DEMO_NOTICE,
    author: DEMO_AUTHOR,
    language: transcript.language,
    date: FIXED_DATE,
  });
}
