/** Each message that speaks of the reunion as ahead, mapped to its past twin (tools/build/reunion-tense.ts). */
declare module 'virtual:reunion-past-twins' {
  export const PAST_TWINS: ReadonlyMap<unknown, unknown>;
}
