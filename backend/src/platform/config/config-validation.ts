// The validation pieces the configuration sections share: messages, converters of environment
// strings, and the checks one decorator cannot say.
// class-transformer's @Type reads design-time metadata; this module may load before Nest does.
import 'reflect-metadata';
import { isCompanyEmail, isValidEmailDomain } from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  IsInt,
  Max,
  Min,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import type { AppConfig } from './app-config';

export const oneOf = (name: string, values: readonly string[]) => ({
  message: `${name} must be one of: ${values.join(', ')}`,
});
export const requiredWhen = (name: string, condition: string) => ({
  message: `${name} is required when ${condition}`,
});
const intBetween = (name: string, min: number, max: number) => ({
  message: `${name} must be an integer between ${min} and ${max}`,
});
/** An integer variable within [min, max], converted from its environment string. */
export function IntegerBetween(min: number, max: number): PropertyDecorator {
  return (target, key) => {
    const message = intBetween(String(key), min, max);
    for (const decorate of [
      Type(() => Number),
      IsInt(message),
      Min(min, message),
      Max(max, message),
    ]) {
      decorate(target, String(key));
    }
  };
}
export const httpUrl = { require_protocol: true, require_tld: false, protocols: ['http', 'https'] };

export const toBoolean = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? (({ true: true, false: false } as Record<string, boolean>)[value.toLowerCase()] ?? value)
    : value;

/** Ids and property names of the CRM: HubSpot's stage ids, property names and custom object types differ per account. */
export const crmIdentifier = (name: string) => ({
  message: `${name} must be a CRM identifier (letters, digits, _ - .)`,
});
export const CRM_IDENTIFIER = /^[A-Za-z0-9_.-]{1,100}$/;

export const toList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

export const toLowerCaseList = ({ value }: { value: unknown }): unknown => {
  const list = toList({ value });
  return Array.isArray(list) ? list.map((item) => String(item).toLowerCase()) : list;
};

@ValidatorConstraint({ name: 'companyEmails' })
export class CompanyEmails implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const domain = (args.object as AppConfig).COMPANY_EMAIL_DOMAIN;
    const list = Array.isArray(value) ? value : [value];
    return list.every((item) => typeof item === 'string' && isCompanyEmail(item, domain));
  }

  defaultMessage(args: ValidationArguments): string {
    const domain = (args.object as AppConfig).COMPANY_EMAIL_DOMAIN;
    return `${args.property} must list e-mail addresses in the company domain (@${domain})`;
  }
}

@ValidatorConstraint({ name: 'emailDomain' })
export class EmailDomain implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isValidEmailDomain(value);
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a domain name such as firm.com`;
  }
}

/** The local sign-in trusts whoever types a listed address: never in production. */
@ValidatorConstraint({ name: 'noLocalSignInInProduction' })
export class NoLocalSignInInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'local' && (args.object as AppConfig).NODE_ENV === 'production');
  }

  defaultMessage(): string {
    return 'IDENTITY_ADAPTER=local is refused when NODE_ENV=production: set IDENTITY_ADAPTER=google (and its GOOGLE_* variables)';
  }
}

/**
 * The local mail adapter catches every mail (signing links included) on this
 * machine and shows it on the mailbox page: never in production.
 */
@ValidatorConstraint({ name: 'noLocalMailInProduction' })
export class NoLocalMailInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'local' && (args.object as AppConfig).NODE_ENV === 'production');
  }

  defaultMessage(): string {
    return 'MAIL_ADAPTER=local is refused when NODE_ENV=production: set MAIL_ADAPTER=smtp (and its SMTP_* variables)';
  }
}

/** The local checkbox stops no robot (a script can tick it): never in production. */
@ValidatorConstraint({ name: 'noLocalCaptchaInProduction' })
export class NoLocalCaptchaInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'local' && (args.object as AppConfig).NODE_ENV === 'production');
  }

  defaultMessage(): string {
    return 'CAPTCHA_ADAPTER=local is refused when NODE_ENV=production: set CAPTCHA_ADAPTER=recaptcha (and RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY)';
  }
}
