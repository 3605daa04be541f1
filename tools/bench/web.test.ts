import { budgetMisses } from './web.ts';

describe('bench:web budgets', () => {
  it('wants 100 and an LCP within 1.2x the limit of a public page', () => {
    expect(budgetMisses('/home', 'public', 100, 1.2)).toEqual([]);
    expect(budgetMisses('/home', 'public', 99, 1.05)).toEqual(['/home: performance 99 < 100']);
    expect(budgetMisses('/nb/news', 'public', 100, 1.21)).toEqual(['/nb/news: LCP / limit 1.21 > 1.2']);
    expect(budgetMisses('/news', 'public', 100, NaN)).toEqual(['/news: LCP / limit NaN > 1.2']);
  });

  it('wants at least 98 of the sign-in page, whatever its LCP', () => {
    expect(budgetMisses('/login', 'sign-in', 98, 2.5)).toEqual([]);
    expect(budgetMisses('/nb/login', 'sign-in', 97, 1)).toEqual(['/nb/login: performance 97 < 98']);
  });
});
