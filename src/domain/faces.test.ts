import {
  faceHash,
  faceOfHash,
  findFaces,
  descriptorPathOf,
  FACES_CONTENT_TYPE,
  facesFileObject,
  facesFilePathOf,
  nameableImage,
  parseFacesFile,
  parseSuggestion,
  placeOf,
  suggestionMetadataOf,
  suggestionObject,
  suggestionPathOf,
  textProblems,
  tilePathOf,
  withName,
  type Face,
} from './faces';

describe('where a picture’s files live', () => {
  it('keeps every file of a picture in its own folder under members/faces/', () => {
    expect(descriptorPathOf('group-photo-1976')).toBe('members/faces/group-photo-1976/image.dzi');
    expect(tilePathOf('group-photo-1976', 12, 3, 4)).toBe(
      'members/faces/group-photo-1976/image_files/12/3_4.jpeg',
    );
    expect(facesFilePathOf('group-photo-1976')).toBe('members/faces/group-photo-1976/faces.json');
    expect(suggestionPathOf('group-photo-1976', 'uid1', '20260711T190322Z_k3J9xQ2mPa')).toBe(
      'members/faces/group-photo-1976/suggestions/uid1/20260711T190322Z_k3J9xQ2mPa.json',
    );
  });

  it('opens only the catalogue’s images for naming', () => {
    expect(nameableImage('group-photo-1976')?.kind).toBe('jpeg');
    expect(nameableImage('threshing-crew')).toBeDefined();
    expect(nameableImage('program-1976')).toBeUndefined();
    expect(nameableImage('../etc')).toBeUndefined();
  });
});

describe('text from relatives', () => {
  it('needs a name, at most 200 characters, and a note of at most 500', () => {
    expect(textProblems('Ole Haugen', 'my grandfather')).toEqual([]);
    expect(textProblems('  \n ')).toEqual(['name-missing']);
    expect(textProblems('Ø'.repeat(200), 'å'.repeat(500))).toEqual([]);
    expect(textProblems('Ø'.repeat(201), 'å'.repeat(501))).toEqual(['name-too-long', 'note-too-long']);
    // Characters, not UTF-16 units: an emoji is one.
    expect(textProblems('😀'.repeat(200))).toEqual([]);
  });
});

describe('parseFacesFile', () => {
  const file = {
    fileId: 'group-photo-1976',
    width: 6400,
    height: 4000,
    faces: [
      { number: 2, box: { x: 0.5, y: 0.4, width: 0.02, height: 0.03 }, row: 1, name: 'Kari Nordmann' },
      { number: 1, row: 2, note: 'unknown' },
    ],
  };

  it('reads a faces file, its faces by number', () => {
    expect(parseFacesFile(JSON.stringify(file))).toEqual({
      fileId: 'group-photo-1976',
      width: 6400,
      height: 4000,
      faces: [
        { number: 1, row: 2, note: 'unknown' },
        { number: 2, box: { x: 0.5, y: 0.4, width: 0.02, height: 0.03 }, row: 1, name: 'Kari Nordmann' },
      ],
    });
  });

  it.each([
    ['not JSON', '{'],
    ['no faces', JSON.stringify({ ...file, faces: undefined })],
    ['a number twice', JSON.stringify({ ...file, faces: [{ number: 1 }, { number: 1 }] })],
    ['a number below 1', JSON.stringify({ ...file, faces: [{ number: 0 }] })],
    [
      'a box off the picture',
      JSON.stringify({ ...file, faces: [{ number: 1, box: { x: 1.2, y: 0, width: 0.1, height: 0.1 } }] }),
    ],
    ['a name too long', JSON.stringify({ ...file, faces: [{ number: 1, name: 'x'.repeat(201) }] })],
    ['markup where a name is', JSON.stringify({ ...file, faces: [{ number: 1, name: { html: '<b>' } }] })],
    ['a row of 0', JSON.stringify({ ...file, faces: [{ number: 1, row: 0 }] })],
  ])('refuses %s', (_what, json) => {
    expect(parseFacesFile(json)).toBeUndefined();
  });
});

describe('parseSuggestion', () => {
  const suggestion = {
    id: '20260711T190322Z_k3J9xQ2mPa',
    fileId: 'group-photo-1976',
    face: 7,
    name: 'Ole Haugen',
    note: 'my grandfather; I am his granddaughter',
    createdAt: '2026-11-25T12:00:00.000Z',
  };

  it('reads a suggestion', () => {
    expect(parseSuggestion(JSON.stringify(suggestion))).toEqual(suggestion);
    const withoutNote: Partial<typeof suggestion> = { ...suggestion };
    delete withoutNote.note;
    expect(parseSuggestion(JSON.stringify(withoutNote))).toEqual(withoutNote);
  });

  it.each([
    ['an id of another form', { ...suggestion, id: '../x' }],
    ['no face', { ...suggestion, face: undefined }],
    ['an empty name', { ...suggestion, name: '   ' }],
    ['a note too long', { ...suggestion, note: 'x'.repeat(501) }],
  ])('refuses %s', (_what, data) => {
    expect(parseSuggestion(JSON.stringify(data))).toBeUndefined();
  });
});

describe('placeOf', () => {
  const box = (x: number) => ({ x, y: 0.5, width: 0.02, height: 0.03 });
  const faces: Face[] = [
    { number: 1, row: 1, box: box(0.3) },
    { number: 2, row: 1, box: box(0.1) },
    { number: 3, row: 2, box: box(0.2) },
    { number: 4, row: 1, box: box(0.2) },
    { number: 5 },
  ];

  it('counts a face’s place in its row from the left', () => {
    expect(placeOf(faces[0]!, faces)).toEqual({ row: 1, fromLeft: 3 });
    expect(placeOf(faces[1]!, faces)).toEqual({ row: 1, fromLeft: 1 });
    expect(placeOf(faces[2]!, faces)).toEqual({ row: 2, fromLeft: 1 });
    expect(placeOf(faces[3]!, faces)).toEqual({ row: 1, fromLeft: 2 });
  });

  it('knows no place for a face not placed yet', () => {
    expect(placeOf(faces[4]!, faces)).toBeUndefined();
  });
});

describe('withName', () => {
  it('sets one face’s name and note, cleaned, and leaves the others', () => {
    const faces: Face[] = [{ number: 1, name: 'Old', note: 'old note', row: 1 }, { number: 2 }];
    expect(withName(faces, 1, ' Ole\nHaugen ', '')).toEqual([
      { number: 1, name: 'Ole Haugen', row: 1 },
      { number: 2 },
    ]);
    expect(withName(faces, 2, 'Kari', 'my aunt')).toEqual([
      faces[0],
      { number: 2, name: 'Kari', note: 'my aunt' },
    ]);
  });
});

describe('finding faces', () => {
  const faces = [
    { number: 1, name: 'Øystein Lie', note: 'From Bergen' },
    { number: 2 },
    { number: 12, name: 'Kari Sæther' },
  ];
  it('by name, note or number, without minding case, accents and æ/ø/å', () => {
    expect(findFaces(faces, 'oystein').map((face) => face.number)).toEqual([1]);
    expect(findFaces(faces, 'SAETHER').map((face) => face.number)).toEqual([12]);
    expect(findFaces(faces, 'bergen').map((face) => face.number)).toEqual([1]);
    expect(findFaces(faces, '12').map((face) => face.number)).toEqual([12]);
    expect(findFaces(faces, '').map((face) => face.number)).toEqual([1, 2, 12]);
  });
  it('only those without a name when asked', () => {
    expect(findFaces(faces, '', true).map((face) => face.number)).toEqual([2]);
    expect(findFaces(faces, 'kari', true)).toEqual([]);
  });
});

describe('suggestionMetadataOf', () => {
  it('who made a suggestion: the uid of its folder and an e-mail address required, a name when there is one', () => {
    const uid = 'uid-1';
    expect(suggestionMetadataOf({ suggesterUid: uid, suggesterEmail: 'kari@example.com' }, uid)).toEqual({
      suggesterUid: uid,
      suggesterEmail: 'kari@example.com',
    });
    expect(
      suggestionMetadataOf(
        { suggesterUid: uid, suggesterEmail: 'kari@example.com', suggesterName: 'Kari' },
        uid,
      ),
    ).toEqual({ suggesterUid: uid, suggesterEmail: 'kari@example.com', suggesterName: 'Kari' });
    expect(
      suggestionMetadataOf({ suggesterUid: 'uid-2', suggesterEmail: 'kari@example.com' }, uid),
    ).toBeUndefined();
    expect(suggestionMetadataOf({ suggesterUid: uid, suggesterEmail: '' }, uid)).toBeUndefined();
    expect(suggestionMetadataOf({ suggesterUid: uid }, uid)).toBeUndefined();
    expect(suggestionMetadataOf(undefined, uid)).toBeUndefined();
  });

  it('the name on the account as the organisers see it: cleaned of the characters that could make it look like another', () => {
    const uid = 'uid-1';
    const shown = suggestionMetadataOf(
      {
        suggesterUid: uid,
        suggesterEmail: 'kari@example.com',
        suggesterName: 'Org\u200Baniser <o@example.com>\u202E',
      },
      uid,
    );
    expect(shown?.suggesterName).toBe('Organiser <o@example.com>');
    expect(
      suggestionMetadataOf(
        { suggesterUid: uid, suggesterEmail: 'kari@example.com', suggesterName: '\u202E\u200B' },
        uid,
      ),
    ).toEqual({ suggesterUid: uid, suggesterEmail: 'kari@example.com' });
  });
});

describe('a suggestion reviewed is the suggestion kept', () => {
  it('parseSuggestion shows the texts cleaned, and accepting them (withName) keeps exactly what was shown', () => {
    const raw = {
      id: '20260801T100000Z_abcdefghij',
      fileId: 'group-photo-1976',
      face: 1,
      name: ' Per\u200B Dahl\u202E ',
      note: 'far\u2066\nog bestefar',
      createdAt: '2026-08-01T10:00:00.000Z',
    };
    const shown = parseSuggestion(JSON.stringify(raw))!;
    expect(shown).toMatchObject({ name: 'Per Dahl', note: 'far og bestefar' });
    const kept = withName([{ number: 1 }], 1, shown.name, shown.note);
    expect(kept).toEqual([{ number: 1, name: shown.name, note: shown.note }]);
    expect(parseSuggestion(JSON.stringify({ ...raw, note: '\u200B' }))).not.toHaveProperty('note');
  });

  it('parseFacesFile shows a faces file edited by hand without hidden characters', () => {
    const file = {
      fileId: 'x',
      width: 10,
      height: 10,
      faces: [{ number: 1, name: 'Ole\u202E', note: '\u200B' }],
    };
    expect(parseFacesFile(JSON.stringify(file))?.faces).toEqual([{ number: 1, name: 'Ole' }]);
  });
});

describe('a link to a face', () => {
  it('names the face in the fragment, and reads it back', () => {
    expect(faceHash(12)).toBe('#face-12');
    expect(faceOfHash(faceHash(12))).toBe(12);
    expect(faceOfHash('#face-1')).toBe(1);
  });

  it('reads nothing from other fragments', () => {
    for (const hash of [
      '',
      '#',
      '#face-',
      '#face-0',
      '#face-012',
      '#face-12x',
      '#face-99999',
      '#faces-3',
      '#face--3',
    ])
      expect(faceOfHash(hash), hash).toBeUndefined();
  });
});

describe('a file as it goes into the bucket (the page and the commands store the same)', () => {
  const suggestion = {
    id: '20260711T190322Z_k3J9xQ2mPa',
    fileId: 'group-photo-1976',
    face: 3,
    name: 'Ola',
    createdAt: '2026-07-11T19:03:22.000Z',
  };

  it('the faces file: its path, its JSON text, no custom metadata', () => {
    const file = { fileId: 'group-photo-1976', width: 10, height: 10, faces: [{ number: 1, name: 'Ole' }] };
    const object = facesFileObject(file);
    expect(object).toEqual({
      path: facesFilePathOf('group-photo-1976'),
      text: JSON.stringify(file),
      contentType: FACES_CONTENT_TYPE,
      customMetadata: {},
    });
    expect(parseFacesFile(object.text)).toEqual(file);
  });

  it('a suggestion: in the relative’s folder, its JSON text, who made it with exactly the keys given', () => {
    const by = { suggesterUid: 'uid-1', suggesterEmail: 'kari@example.com' };
    const object = suggestionObject('uid-1', suggestion, by);
    expect(object).toEqual({
      path: suggestionPathOf('group-photo-1976', 'uid-1', suggestion.id),
      text: JSON.stringify(suggestion),
      contentType: FACES_CONTENT_TYPE,
      customMetadata: by,
    });
    expect(parseSuggestion(object.text)).toEqual(suggestion);
    expect(suggestionObject('uid-1', suggestion, { ...by, suggesterName: 'Kari' }).customMetadata).toEqual({
      ...by,
      suggesterName: 'Kari',
    });
    // Metadata is strings only: a name left undefined is no key at all (storage.rules: hasOnly).
    expect(
      Object.keys(suggestionObject('uid-1', suggestion, { ...by, suggesterName: undefined }).customMetadata),
    ).toEqual(['suggesterUid', 'suggesterEmail']);
  });
});
