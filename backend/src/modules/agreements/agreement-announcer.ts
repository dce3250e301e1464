import { Injectable } from '@nestjs/common';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import type { Agreement } from './agreement.schema';

/** Live updates of agreements: what open dashboards are told when one changed. */
@Injectable()
export class AgreementAnnouncer {
  constructor(private readonly realtime: RealtimePublisher) {}

  /** Tells open dashboards an agreement changed (by `_id`, never by its signing token). */
  changed(agreement: Pick<Agreement, '_id' | 'family' | 'status'>, status?: string): void {
    this.realtime.agreementChanged({
      family: agreement.family,
      id: String(agreement._id),
      status: status ?? agreement.status ?? '',
    });
  }
}
