import { matchesTerms, normalizeForSearch, searchTerms } from './search-text';

describe('search text', () => {
  it('normalises case, accents, Norwegian letters and punctuation', () => {
    expect(normalizeForSearch('  Rølvaag’s  GRÅ-Stein, Écrit ')).toBe('rolvag s gra stein ecrit');
    // "aa" is å's older spelling: Haagen and Hågen are one name.
    expect(normalizeForSearch('Haagen Aasen')).toBe(normalizeForSearch('Hågen Åsen'));
    expect(normalizeForSearch('Ærlig')).toBe('aerlig');
    expect(normalizeForSearch('1905–1980')).toBe('1905 1980');
    expect(normalizeForSearch('Øystein Sæther')).toBe(normalizeForSearch('OYSTEIN saether'));
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('Pioneer  interview')).toEqual(['pioneer', 'interview']);
  });

  it('finds text holding every term, each a part of a word, in any order', () => {
    const text = normalizeForSearch('Kåre Bjørnstad, pastor');
    expect(matchesTerms(text, searchTerms('bjorn kare'))).toBe(true);
    expect(matchesTerms(text, searchTerms('pastor olsen'))).toBe(false);
    expect(matchesTerms(text, [])).toBe(true);
  });
});
