import { Injectable } from '@nestjs/common';
import {
  actionRule,
  contractSigningLink,
  extractDocId,
  initialsFromFullName,
  SIGNER_ACTOR,
  STANDARD_TEMPLATE_DOC_IDS,
  type ContractStatus,
} from '@prosign/domain';
import { Types } from 'mongoose';
import { localCrmDemoData } from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';
import type { Seeder } from '../../seed/seeder';
import { localDocLink } from '../documents';
import { DocumentsService } from '../documents';
import { SigningFinishService } from '../signing';
import type { ContractFormDataDto } from '../documents';
import { AgreementRepository } from '../agreements';
import type { EventInput } from '../agreements';
import { STANDARD_FAMILY } from '../agreements';
import { standardFormOf } from './standard-contract.form';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** One demo contract per line: the dashboard shows every status and action. */
const DEMO: Array<{ status: ContractStatus; daysAgo: number; viewed?: number; extra?: string }> = [
  { status: 'not signed', daysAgo: 0.2 },
  { status: 'not signed', daysAgo: 2, extra: 'reminded' },
  { status: 'viewed', daysAgo: 1, viewed: 2 },
  { status: 'viewed', daysAgo: 6, viewed: 1 },
  { status: 'signature_saved', daysAgo: 3, viewed: 3 },
  { status: 'signed', daysAgo: 9, viewed: 2 },
  { status: 'signed', daysAgo: 12, viewed: 4 },
  { status: 'signed_manually', daysAgo: 14, viewed: 1 },
  { status: 'cancelled', daysAgo: 8 },
  { status: 'expired', daysAgo: 35, viewed: 1 },
  { status: 'resent', daysAgo: 40 },
  { status: 'void', daysAgo: 20, viewed: 2 },
];

/**
 * Demo contracts over the demo deals, each with its own agreement document
 * (made from the seeded template, so preview and download work), in every
 * status. Keyed by fixed tokens: re-running adds nothing.
 */
@Injectable()
export class ContractsDemoSeeder implements Seeder {
  readonly name = 'demo contracts';

  constructor(
    private readonly repository: AgreementRepository,
    private readonly documents: DocumentsService,
    private readonly finishing: SigningFinishService,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    if (this.config.CRM_ADAPTER !== 'local' || this.config.DOCUMENTS_ADAPTER !== 'local') {
      return 'skipped (needs the local CRM and documents)';
    }
    const crm = localCrmDemoData(this.config);
    const clients = crm.contacts.filter((c) => c.properties.type === 'Client');
    let added = 0;
    for (const [i, demo] of DEMO.entries()) {
      const token = `demo-contract-${String(i + 1).padStart(2, '0')}`;
      if (await this.repository.findByKey('sign', token)) continue;
      const deal = crm.deals[i % crm.deals.length];
      const client = clients[i % clients.length].properties;
      const p = deal.properties;
      const fullName = [client.firstname, client.lastname].filter(Boolean).join(' ');
      const amount = Number(p.amount ?? 5000);
      // Signed demos bill a progress payment too, so /invoices has every type to send.
      const progress = demo.status === 'signed' ? Math.round(amount * 0.4) : 0;
      const deposit = demo.status === 'signed' ? Math.round(amount * 0.3) : amount / 2;
      const form = {
        cost: amount,
        deposit,
        progress,
        balance: amount - deposit - progress,
        full_name: fullName,
        email: String(client.email),
        contact_number: String(client.phone ?? ''),
        company_name: '',
        additional_email: '',
        site_address: String(p[this.config.CRM_DEAL_ADDRESS_PROPERTY] ?? ''),
        city: String(p.city ?? ''),
        state: 'CA',
        zipcode: String(p.zip ?? ''),
        csm_email: 'csm@prosign.example',
        pm_email: 'pm@prosign.example',
        hs_deal_id: deal.id,
        project_type: String(p.project_type ?? ''),
        t24ReportCount: 0,
        serviceType: String(p.service_type ?? 'Structural Engineering'),
        first_name: String(client.firstname ?? ''),
        last_name: String(client.lastname ?? ''),
      } as unknown as ContractFormDataDto;
      const { docLink } = await this.documents.createContract(
        localDocLink(this.config, STANDARD_TEMPLATE_DOC_IDS.default, 'edit'),
        form,
      );
      const createdAt = new Date(Date.now() - demo.daysAgo * DAY);
      const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
      const viewed = demo.viewed ?? 0;
      const staffIp = '203.0.113.10';
      const signerIp = '198.51.100.23';
      const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';
      const events: EventInput[] = [
        { type: 'sent', at: createdAt, actor: form.csm_email, ip: staffIp, status: 'not signed' },
      ];
      const fields: Record<string, unknown> = {};
      if (viewed) {
        Object.assign(fields, {
          viewedAt: at(2),
          viewedIp: signerIp,
          viewedTimes: viewed,
          viewedByEmailCount: viewed,
        });
        for (let view = 0; view < viewed; view += 1) {
          events.push({
            type: 'viewed',
            at: at(2 + view * 0.01),
            actor: SIGNER_ACTOR,
            ip: signerIp,
            userAgent: browser,
            data: { channel: 'email' },
            status: 'viewed',
          });
        }
      }
      if (['signature_saved', 'signed', 'void'].includes(demo.status)) {
        Object.assign(fields, {
          signatureSavedAt: at(3),
          signatureSavedIp: signerIp,
          signature: fullName,
          signatureSource: 'text',
          initials: initialsFromFullName(fullName),
        });
        events.push({
          type: 'signature_saved',
          at: at(3),
          actor: SIGNER_ACTOR,
          ip: signerIp,
          userAgent: browser,
          data: { source: 'text' },
          status: 'signature_saved',
        });
      }
      // Signed (and later voided) demos are signed for real below, through the one finish, so
      // they carry the sealed PDF, its audit trail and a working /verify page.
      const signsForReal = ['signed', 'void'].includes(demo.status);
      if (signsForReal) {
        Object.assign(fields, { consentAt: at(3.05), consentIp: signerIp });
        events.push({
          type: 'consent',
          at: at(3.05),
          actor: SIGNER_ACTOR,
          ip: signerIp,
          userAgent: browser,
        });
      }
      const staffEvent = (type: string, hours: number, actor: string, status: string) => {
        events.push({
          type,
          at: at(hours),
          actor,
          ip: actor === 'system' ? null : staffIp,
          status,
        });
      };
      if (demo.extra === 'reminded') {
        Object.assign(fields, {
          remindersAt: [at(24)],
          lastReminderAt: at(24),
          isDeactiveReminder: true,
          reminderDeactivateTime: at(48),
        });
        staffEvent('reminder_sent', 24, form.csm_email, demo.status);
      }
      if (demo.status === 'signed_manually') {
        Object.assign(fields, { signedAt: at(30), signedIp: staffIp });
        staffEvent('signed_manually', 30, 'admin@prosign.example', 'signed_manually');
      }
      if (demo.status === 'cancelled') {
        Object.assign(fields, { cancelledAt: at(20) });
        staffEvent('cancelled', 20, form.csm_email, 'cancelled');
      }
      if (demo.status === 'expired') {
        Object.assign(fields, { expiredAt: at(30 * 24) });
        staffEvent('expired', 30 * 24, 'system', 'expired');
      }
      if (demo.status === 'resent') {
        Object.assign(fields, { isResend: true, resendAt: at(31 * 24), expiredAt: at(30 * 24) });
        staffEvent('expired', 30 * 24, 'system', 'expired');
        staffEvent('resent', 31 * 24, form.csm_email, 'resent');
      }
      const standardForm = standardFormOf({
        docLink,
        full_name: fullName,
        email: form.email,
        contact_number: form.contact_number,
        site_address: form.site_address,
        city: form.city,
        state: form.state,
        zipcode: form.zipcode,
        cost: form.cost,
        deposit: form.deposit,
        progress: form.progress,
        balance: form.balance,
        csm_email: form.csm_email,
        pm_email: form.pm_email,
        form_type: form.serviceType,
        contractTitle: 'Professional Services Agreement',
        hsDealId: deal.id,
        t24ReportCount: 0,
      });
      const imported = await this.repository.importRecord(
        {
          _id: new Types.ObjectId(),
          family: 'standard',
          token,
          docLink,
          signingLink: contractSigningLink(this.config.PUBLIC_SIGNING_URL, token, docLink),
          form: standardForm,
          sentBy: form.csm_email,
          status: signsForReal ? 'signature_saved' : demo.status,
          searchText: STANDARD_FAMILY.searchText(standardForm),
          createdAt,
          createdIp: staffIp,
          send: {
            state: 'completed',
            steps: {},
            startedAt: createdAt,
            completedAt: createdAt,
            failedStep: null,
            lastError: null,
            attempts: 1,
            leaseUntil: null,
            runner: null,
            params: {},
          },
          ...fields,
        },
        events,
        { sendKey: extractDocId(docLink) ?? token },
      );
      if (imported) added += 1;
      if (signsForReal) await this.signForReal(token, demo.status === 'void');
    }
    return `${DEMO.length} contracts (${added} new)`;
  }

  /**
   * The signer's finish as the product runs it (sealed PDF, audit trail, CRM stage, signed-copy
   * mail); one the seed left half-way is completed by the worker's resume schedule. A voided demo
   * is then voided by an admin, stamping the sealed PDF.
   */
  private async signForReal(token: string, thenVoid: boolean): Promise<void> {
    const { signedDocLink } = await this.finishing.finish(token, { ip: '198.51.100.23' });
    if (!thenVoid) return;
    const agreement = await this.repository.findByKey('sign', token);
    if (!agreement || agreement.status !== 'signed') return;
    const now = new Date();
    const voided = await this.documents.voidDocument(signedDocLink, 'admin@prosign.example', now);
    await this.repository.transition(agreement, actionRule('standard', 'void'), {
      now,
      set: { voidDocLink: voided.docLink, voidedAt: now },
      event: { type: 'void', actor: 'admin@prosign.example', ip: '203.0.113.10' },
    });
  }
}
