/** Small rules files and requests for this folder's tests. */
import { loadRules, type AllowOutcome, type RulesRequest } from './index.ts';

export const BUCKET = 'demo-reunion.firebasestorage.app';

/** The request path firebase-tools builds for an object: 'b/<bucket>/o/<object>'. */
export const objectPath = (object: string) => `b/${BUCKET}/o/${object}`;

/** A rules file whose `match /b/{bucket}/o` block holds `body`. */
export function rulesWith(body: string): string {
  return `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${body}\n  }\n}\n`;
}

/** An anonymous get of 'x' unless told otherwise. */
export function request(overrides: Partial<RulesRequest> = {}): RulesRequest {
  return {
    method: 'get',
    path: objectPath('x'),
    auth: null,
    resource: null,
    requestResource: null,
    ...overrides,
  };
}

/** What `allow read, write: if <condition>` gives for a request (by default an anonymous get of the object 'x'). */
export function outcomeOf(condition: string, overrides: Partial<RulesRequest> = {}): AllowOutcome {
  const rules = loadRules(rulesWith(`    match /{file} {\n      allow read, write: if ${condition};\n    }`));
  const { outcomes } = rules.explain(request(overrides));
  if (outcomes.length !== 1) throw new Error(`expected one allow to apply, got ${outcomes.length}`);
  return outcomes[0]!;
}

/** outcomeOf(...).result */
export const resultOf = (condition: string, overrides: Partial<RulesRequest> = {}) =>
  outcomeOf(condition, overrides).result;
