import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { AppConfig } from './app-config';

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigValidationError';
  }
}

/**
 * Validates an environment (normally `process.env`) into an `AppConfig`.
 * Throws `ConfigValidationError` naming every bad variable, so a misconfigured
 * process stops before it connects to anything.
 */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined>): AppConfig {
  // An empty variable (`API_PORT=`) means "unset": the default applies.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );

  const config = plainToInstance(AppConfig, present, {
    excludeExtraneousValues: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    throw new ConfigValidationError(errors.flatMap(describe));
  }
  return Object.freeze(config);
}

/** One message per variable: "is required" wins over format complaints about the same missing value. */
function describe(error: ValidationError): string[] {
  const constraints = error.constraints ?? {};
  const required = constraints.isNotEmpty ?? constraints.arrayNotEmpty;
  if (required) return [required];
  const messages = [...new Set(Object.values(constraints))];
  return messages.length > 0 ? messages : [`${error.property} is invalid`];
}

/**
 * For entry points: validate `process.env` or stop the process with a message
 * naming the bad variables (no stack trace: it is an operator error, not a bug).
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
