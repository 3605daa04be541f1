import type { AppConfig } from './env-schema';

export type { AppConfig };

/** The site's settings, validated by parseEnv() at build time and inlined by Vite (see vite.config.ts). */
declare const __APP_CONFIG__: AppConfig;
export const config: AppConfig = __APP_CONFIG__;
