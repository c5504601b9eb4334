/**
 * Entry point: read the configuration, open and migrate the app database, create the first admin, build the app
 * and listen. SIGINT/SIGTERM close the server (in-flight requests finish, websockets close), wait for queued
 * e-mails, close the database and exit; a second signal or a 10 s timeout forces the exit.
 */

import { type ClosableAgentWarehouse, openAgentWarehouse } from './analyst/agent/warehouse-adapter.js';
import { type Config, ConfigError, loadConfig, loadDotEnvFile } from './config/env.js';
import { DatabaseInUseError } from './db/database.js';
import { firstAdminBanner } from './features/users/bootstrap-admin.js';
import { resolveJwtSecret } from './lib/jwt.js';
import { startWarehouseLifecycle, warehouseStillBuilding } from './lib/warehouse-lifecycle.js';
import { openApp } from './open-app.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    loadDotEnvFile();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  let warehouse: ClosableAgentWarehouse | undefined;
  const { app, database, logger, mailer, bootstrap, close } = await openApp({
    config,
    jwtSecret: await resolveJwtSecret(config.jwtSecret, config.dataDir),
    logToStdout: true,
    warehouse: (logger) => {
      const lifecycle = startWarehouseLifecycle({
        dataDir: config.dataDir,
        warehouseUrl: config.warehouseUrl,
        scale: config.warehouseScale,
        logger,
      });
      return {
        warehouseStatus: lifecycle.status,
        // Opened on the first question once built, so the server serves sign-in while the first build runs.
        warehouse: async () => {
          const status = lifecycle.status();
          if (status.state === 'building') throw warehouseStillBuilding(status);
          await lifecycle.ready();
          warehouse = await openAgentWarehouse({
            dataDir: config.dataDir,
            warehouseUrl: config.warehouseUrl,
          });
          return warehouse;
        },
      };
    },
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn('Second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => {
      logger.error('Shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await close();
      await warehouse?.close();
      logger.info('Stopped');
      logger.flush();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Error during shutdown');
      process.exit(1);
    }
  };
  // on, not once: a second Ctrl-C while shutting down forces the exit.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { url: `http://${config.host}:${port}`, mail: mailer.kind, database: database.kind },
    `Query Agent listening on http://${config.host}:${port}`,
  );
  if (bootstrap.generatedPassword && bootstrap.email) {
    const shownUrl = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    process.stdout.write(firstAdminBanner(bootstrap.email, bootstrap.generatedPassword, shownUrl));
  }
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`Query Agent failed to start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Query Agent failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
