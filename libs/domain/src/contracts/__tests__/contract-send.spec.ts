import {
  contractSendFailureMessage,
  contractSigningLink,
  CONTRACT_SEND_STEPS,
} from '../contract-send';

describe('contractSigningLink', () => {
  it('is {signing-host}/{token} with the document link and prefix', () => {
    expect(contractSigningLink('http://localhost:8084/', 'abc123', 'http://api/d/xyz/edit')).toBe(
      'http://localhost:8084/abc123?docLink=http%3A%2F%2Fapi%2Fd%2Fxyz%2Fedit&prefix=contract',
    );
  });
});

describe('send steps', () => {
  it('follow the order of spec 2 §4', () => {
    expect(CONTRACT_SEND_STEPS).toEqual([
      'reviewLinkMail',
      'ccCopy',
      'recordSaved',
      'previousMarked',
      'crmStageSent',
    ]);
  });

  it('a failure names the failed part after the spec message', () => {
    expect(contractSendFailureMessage('crmStageSent', 'CRM unavailable')).toBe(
      'Failed to send PDF and/or save document token. Moving the HubSpot deal to the sent stage failed: CRM unavailable. The steps before it are done; send again to complete it.',
    );
  });
});
