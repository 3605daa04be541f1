import { calendarFile, reunionEventUid } from './calendar-file';

describe('calendarFile', () => {
  it('writes each language’s file at its own address, with the texts of that language', () => {
    const en = calendarFile('en');
    const nb = calendarFile('nb');
    expect(en.path).toBe('/calendar/rolette-reunion-2026.ics');
    expect(nb.path).toBe('/nb/calendar/rolette-reunion-2026.ics');
    const unfold = (text: string) => text.replace(/\r\n /g, '');
    expect(unfold(en.content)).toContain('\r\nSUMMARY;LANGUAGE=en:Rolette Family Reunion 2026\r\n');
    expect(unfold(nb.content)).toContain('\r\nSUMMARY;LANGUAGE=nb:Slektstreff i Rolette 2026\r\n');
    expect(unfold(nb.content)).toContain('\r\nLOCATION;LANGUAGE=nb:Rolette\\, North Dakota\\, USA\r\n');
    expect(unfold(nb.content)).toMatch(
      /\r\nDESCRIPTION;LANGUAGE=nb:Etterkommerne .*\\n\\nhttps:\/\/\S+\/nb\/home\r\n/,
    );
  });

  it('is the same event in both languages, and the same file in every build', () => {
    const uid = (text: string) => /\r\nUID:([^\r]+)\r\n/.exec(text)?.[1];
    expect(uid(calendarFile('en').content)).toBe(uid(calendarFile('nb').content));
    expect(calendarFile('nb').content).toBe(calendarFile('nb').content);
    expect(calendarFile('en').content).toContain('\r\nDTSTAMP:20261122T000000Z\r\n');
    expect(reunionEventUid('https://reunion.example.org')).toBe(
      'rolette-family-reunion-2026@reunion.example.org',
    );
  });
});
