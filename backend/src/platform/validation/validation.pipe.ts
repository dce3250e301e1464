import { ValidationPipe } from '@nestjs/common';

/**
 * The single global pipe: DTOs are transformed to their classes and any field a
 * DTO does not declare is refused (400), not silently dropped.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
}
