import { balanceOf } from '@prosign/domain';
import type { AgreementDocument } from '../../agreements';
import type { StandardContractForm } from '../../agreements';
import type { ContractRecordDto } from './dto/send-contract.dto';

export type { StandardContractForm } from '../../agreements';

export type StandardAgreement = AgreementDocument<StandardContractForm>;

export function standardFormOf(input: ContractRecordDto): StandardContractForm {
  const progress = input.progress ?? 0;
  return {
    full_name: input.full_name,
    email: input.email.trim().toLowerCase(),
    company_name: input.company_name ?? '',
    contact_number: input.contact_number ?? '',
    cc_email: input.cc_email ?? '',
    site_address: input.site_address ?? '',
    city: input.city ?? '',
    state: input.state ?? '',
    zipcode: input.zipcode ?? '',
    cost: input.cost,
    deposit: input.deposit,
    progress,
    balance: input.balance ?? balanceOf({ cost: input.cost, deposit: input.deposit, progress }),
    csm_email: input.csm_email.trim().toLowerCase(),
    pm_email: input.pm_email ?? '',
    form_type: input.form_type ?? '',
    t24ReportCount: input.t24ReportCount,
    contractIntro: input.contractIntro ?? '',
    contractTitle: input.contractTitle ?? '',
    contractEngineerBasicService: input.contractEngineerBasicService ?? '',
    contractEngineerAddService: input.contractEngineerAddService ?? '',
    contractDescription: input.contractDescription ?? '',
    contractPayment: input.contractPayment ?? '',
    contractLicense: input.contractLicense ?? '',
    contractTermsAndConditions: input.contractTermsAndConditions ?? '',
    hsDealId: input.hsDealId || null,
  };
}
