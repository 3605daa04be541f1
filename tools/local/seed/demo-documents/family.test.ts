import { describe, expect, it } from 'vitest';

import { demoKey } from '../group-photo/people.ts';
import { BOOK_YEAR, FOUNDERS, aliveAtReunion, everyone, everyoneIn, namesOf, type Person } from './family.ts';

const year = (date: string | undefined) => Number(date?.replace(/^~/, '').slice(0, 4));
const keyNames = demoKey().flatMap((line) => (line.name ? [line.name] : []));

describe('the demo family', () => {
  it('has every named person of the group photo’s key, alive on the day of the photo', () => {
    const byName = new Map<string, Person[]>();
    for (const person of everyone())
      for (const name of namesOf(person)) byName.set(name, [...(byName.get(name) ?? []), person]);
    for (const name of keyNames) {
      const people = byName.get(name) ?? [];
      expect(people.length, name).toBeGreaterThan(0);
      expect(people.some(aliveAtReunion), `${name} was alive in July 1976`).toBe(true);
    }
  });

  it('is a family of a real family’s size', () => {
    expect(everyone().length).toBeGreaterThan(300);
    for (const founder of FOUNDERS) expect(everyoneIn(founder).length).toBeGreaterThan(100);
  });

  it('has lives in order: born before dying, children after the wedding and while the mother could have them', () => {
    for (const person of everyone()) {
      const born = year(person.born?.date);
      expect(born, person.id).toBeLessThanOrEqual(BOOK_YEAR);
      if (person.died) {
        expect(year(person.died.date), person.id).toBeGreaterThanOrEqual(born);
        expect(year(person.died.date), person.id).toBeLessThanOrEqual(BOOK_YEAR);
      }
      for (const union of person.unions) {
        const mother = person.sex === 'f' ? person : union.spouse;
        const father = person.sex === 'm' ? person : union.spouse;
        expect(mother.sex, person.id).toBe('f');
        for (const child of union.children) {
          const childBorn = year(child.born?.date);
          if (union.married) expect(childBorn, child.id).toBeGreaterThan(year(union.married.date));
          expect(childBorn - year(mother.born?.date), child.id).toBeGreaterThanOrEqual(17);
          expect(childBorn - year(mother.born?.date), child.id).toBeLessThanOrEqual(45);
          if (mother.died) expect(childBorn, child.id).toBeLessThanOrEqual(year(mother.died.date));
          if (father.died) expect(childBorn, child.id).toBeLessThanOrEqual(year(father.died.date) + 1);
        }
      }
    }
  });

  it('gives everyone an id of their own', () => {
    const ids = everyone().map((person) => person.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
