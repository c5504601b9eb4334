import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './env.js';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(REPO_ROOT, 'data'),
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      databaseUrl: undefined,
      warehouseScale: 1,
      publicUrl: 'http://127.0.0.1:3000',
      tokenTtlHours: 12,
      logLevel: 'info',
      trustProxy: false,
      jwtSecret: undefined,
    });
  });

  it('treats blank values as unset and derives PUBLIC_URL from HOST and PORT', () => {
    const config = loadConfig({ PORT: '4000', HOST: '0.0.0.0', DATABASE_URL: '  ', LOG_LEVEL: '' });
    expect(config.publicUrl).toBe('http://127.0.0.1:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('parses every variable', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/qa',
      DATABASE_URL: 'postgres://app@db:5432/qa',
      ADMIN_EMAIL: ' Boss@Example.com ',
      ADMIN_PASSWORD: 'Str0ng-enough',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://qa.example.com/',
      JWT_SECRET: 's'.repeat(32),
      TOKEN_TTL_HOURS: '1.5',
      TRUST_PROXY: 'true',
      OPENAI_COMPATIBLE_MODELS: 'llama3, qwen2.5 ,',
    });
    expect(config.dataDir).toBe('/srv/qa');
    expect(config.adminEmail).toBe('boss@example.com');
    expect(config.publicUrl).toBe('https://qa.example.com');
    expect(config.tokenTtlHours).toBe(1.5);
    expect(config.trustProxy).toBe(true);
    expect(config.providers.openaiCompatible.models).toEqual(['llama3', 'qwen2.5']);
  });

  it('reports every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'weak',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'ftp://x',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'ADMIN_PASSWORD',
      'JWT_SECRET',
      'LOG_LEVEL',
      'PUBLIC_URL',
      'ADMIN_EMAIL',
    ]) {
      expect(problems).toContain(name);
    }
    expect(problems).toContain('Password must be at least 8 characters long');
  });
});
