/** A fixed-window limit: at most `limit` uses per subject in each window of `windowSeconds` (rate-limit.ts). */
export interface RateLimitRule {
  /** Names the limited action in the key (keys.ts pattern 19). */
  scope: string;
  limit: number;
  windowSeconds: number;
}
