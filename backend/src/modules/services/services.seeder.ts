import { Injectable } from '@nestjs/common';
import { serviceNameKey } from './service.repository';
import { Types } from 'mongoose';
import type { Seeder } from '../../platform/database/seeder';
import { TermsRepository } from './terms.repository';
import { SEEDED_SERVICES, seededTexts } from './seeded-services';
import { ServiceRepository } from './service.repository';
import { STANDARD_AGREEMENT_TEMPLATE } from '../documents';

const SEED_USER = 'seed';

/** The standard agreement's terms: the first version of the default terms. */
export const INITIAL_TERMS =
  STANDARD_AGREEMENT_TEMPLATE.content.sections.find(
    (section) => section.key === 'termsAndConditions',
  )?.body ?? '';

/**
 * Seeds the default terms (when none were ever saved) and the demo services
 * (those missing by id); keeps every edit made in the product.
 */
@Injectable()
export class ServicesSeeder implements Seeder {
  readonly name = 'services and terms';

  constructor(
    private readonly services: ServiceRepository,
    private readonly terms: TermsRepository,
  ) {}

  async seed(): Promise<string> {
    const termsSeeded = (await this.terms.count()) === 0;
    if (termsSeeded) await this.terms.append(INITIAL_TERMS, SEED_USER);
    const defaultTerms = (await this.terms.latest())?.content ?? INITIAL_TERMS;

    const existing = await this.services.list();
    let position = existing.length;
    const docs = SEEDED_SERVICES.filter(
      (service) => !existing.some((found) => String(found._id) === service._id),
    ).map((service) => {
      const texts = seededTexts(service);
      position += 1;
      return {
        _id: new Types.ObjectId(service._id),
        serviceName: service.serviceName,
        nameKey: serviceNameKey(service.serviceName),
        agreementTitle: service.agreementTitle,
        ...texts,
        termsAndConditions: service.defaultTnC ? defaultTerms : texts.termsAndConditions,
        changeBasicServices: service.changeBasicServices,
        defaultTnC: service.defaultTnC,
        position: String(position),
        formFields: service.formFields,
        revision: 1,
        createdBy: SEED_USER,
        updatedBy: SEED_USER,
        createdAt: new Date(),
        updatedAt: new Date(),
      };
    });
    const inserted = await this.services.insertMissing(docs);
    return `${inserted} of ${SEEDED_SERVICES.length} services new, terms ${termsSeeded ? 'seeded' : 'kept'}`;
  }
}
