/**
 * storage.rules as the local Storage emulator enforces it: the file itself, loaded by the rules language's parser
 * (./rules-language/), and what firebase-tools' storage layer hands a ruleset turned into the rules' `request` and
 * `resource`. The emulator (emulator.ts) and the in-process rules matrices (rules.test.ts) both decide through
 * decide() below, so the matrices judge the same path from a request to a decision as the emulator takes, short of
 * HTTP.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import {
  OBJECT_FIELDS,
  loadRules,
  type RulesRequest,
  type Ruleset,
  type StorageMethod,
  type StorageObject,
} from './rules-language/index.ts';
import { authTokenOf } from './tokens.ts';

/** The one copy of the rules: what `firebase deploy` sends to production. */
export const STORAGE_RULES_FILE = fileURLToPath(new URL('../../../storage.rules', import.meta.url));

/** Loads a rules file (storage.rules unless told); a RulesError names the line of anything it does not support. */
export function loadStorageRules(path: string = STORAGE_RULES_FILE): Ruleset {
  return loadRules(readFileSync(path, 'utf8'), path === STORAGE_RULES_FILE ? 'storage.rules' : path);
}

/**
 * An object as firebase-tools' storage layer describes it to the rules (StoredFileMetadata.asRulesResource(), in
 * emulator.ts with cacheControl and contentLanguage added): more fields than the rules language reads (its
 * generation, times, checksums), of which asStorageObject() keeps the readable ones.
 */
export type EmulatorResource = StorageObject;

/** What a ruleset's verify() receives from firebase-tools (rules/utils.js), as far as a decision goes. */
export interface EmulatorRequest {
  method: string;
  /** 'b/<bucket>/o/<object path>'; for a list, the prefix without its trailing slashes. */
  path: string;
  /** The second word of the Authorization header, if any. */
  token?: string | null;
  /** `resource`: the stored object (file.before), none when it does not exist. */
  resource?: EmulatorResource | null;
  /** `request.resource`: what a create or update would store (file.after). */
  requestResource?: EmulatorResource | null;
}

const METHODS: ReadonlySet<string> = new Set<StorageMethod>(['get', 'list', 'create', 'update', 'delete']);

/** The fields the rules read; one firebase-tools leaves undefined is absent, as an unset field is in production. */
function asStorageObject(resource: EmulatorResource | null | undefined): StorageObject | null {
  if (!resource) return null;
  const object: Record<string, unknown> = {};
  for (const field of OBJECT_FIELDS) if (resource[field] !== undefined) object[field] = resource[field];
  object.metadata ??= {};
  return object as StorageObject;
}

/** Whether the rules allow the request. A method the rules do not know (never sent by the storage layer): no. */
export function decide(
  ruleset: Ruleset,
  request: EmulatorRequest,
  projectId: string,
  nowSeconds?: number,
): boolean {
  if (!METHODS.has(request.method)) return false;
  const claims = authTokenOf(request.token, projectId, nowSeconds);
  const rulesRequest: RulesRequest = {
    method: request.method as StorageMethod,
    path: request.path,
    auth: claims ? { uid: claims.sub as string, token: claims } : null,
    resource: asStorageObject(request.resource),
    requestResource: asStorageObject(request.requestResource),
  };
  return ruleset.isAllowed(rulesRequest);
}
