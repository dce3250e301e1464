// Generated from the public api’s OpenAPI document by openapi-typescript: do not edit.
// `node tools/openapi/openapi.mjs types` writes it again; the openapi lint fails on drift.
export interface paths {
  '/agreements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List agreements
     * @description Sent agreements of every family, newest first, filtered as on the dashboards. Drafts are read by id.
     *
     *     Scope: `agreements:read`.
     */
    get: operations['listAgreements'];
    put?: never;
    /**
     * Create an agreement
     * @description Makes the agreement’s document — a standard agreement from a service, a Scope-of-Work contract or a change order from its template, an uploaded document from a document template — checks it and its recipients as the staff screens do, and keeps it as a draft: nothing is mailed until it is sent.
     *
     *     Scope: `agreements:write`.
     */
    post: operations['createAgreement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an agreement
     * @description The agreement with its recipients, their states and its events.
     *
     *     Scope: `agreements:read`.
     */
    get: operations['getAgreement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/send': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a draft
     * @description Mails each signer whose turn it is their own signing link, and the copy recipients the document. Sending again continues an interrupted send; it never mails twice.
     *
     *     Scope: `agreements:write`.
     */
    post: operations['sendAgreement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/remind': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remind the signers
     * @description Mails a reminder to each signer whose turn it is; reminders have a cool-down.
     *
     *     Scope: `agreements:write`.
     */
    post: operations['remindAgreement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/void': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Void a signed agreement
     * @description Stamps the signed PDF VOID and closes the agreement.
     *
     *     Scope: `agreements:write`.
     */
    post: operations['voidAgreement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an open agreement
     * @description Closes every signing link of an agreement not signed yet.
     *
     *     Scope: `agreements:write`.
     */
    post: operations['cancelAgreement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the sealed PDF
     * @description The signed agreement with its certificate, sealed (PAdES) and time-stamped.
     *
     *     Scope: `agreements:read`.
     */
    get: operations['downloadSealedPdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/certificate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the certificate of completion
     * @description Who signed, when, from where, and every event of the agreement.
     *
     *     Scope: `agreements:read`.
     */
    get: operations['downloadCertificate'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agreements/{id}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an agreement’s events
     * @description Its history, oldest first, each event numbered in order.
     *
     *     Scope: `events:read`.
     */
    get: operations['listAgreementEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List templates
     * @description The templates of one family: uploaded-document templates in use (the latest saved first), SOW templates or change-order templates.
     *
     *     Scope: `templates:read`.
     */
    get: operations['listTemplates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a template
     * @description A template `listTemplates` lists, of any family: an uploaded-document template’s newest version, with the roles a creation names people for; a SOW template with its partner roles; a change-order template.
     *
     *     Scope: `templates:read`.
     */
    get: operations['getTemplate'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List services
     * @description The firm’s services, in the order staff list them.
     *
     *     Scope: `services:read`.
     */
    get: operations['listServices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/services/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a service
     * @description One service of the firm.
     *
     *     Scope: `services:read`.
     */
    get: operations['getService'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List every agreement’s events
     * @description The webhook events of every agreement and invoice, oldest first, each the same JSON a delivery carries: poll with `after` = the last id you have instead of (or to catch up on) webhooks. An event is listed a few seconds after it is recorded, so a poll never passes one another server is still writing.
     *
     *     Scope: `events:read`.
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description Every endpoint of the firm, those the admins registered in ProSign included, newest first.
     *
     *     Scope: `webhooks:write`.
     */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description A receiver of the events it names. The answer is the only time its signing secret is shown. The URL must be `https` and resolve to a public address, checked as for the admins’ page.
     *
     *     Scope: `webhooks:write`.
     */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhook-endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description The endpoint, its events and its health; never its secret.
     *
     *     Scope: `webhooks:write`.
     */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /**
     * Remove a webhook endpoint
     * @description Removes it and its delivery log; deliveries still queued for it stop.
     *
     *     Scope: `webhooks:write`.
     */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /**
     * Change a webhook endpoint
     * @description Its URL (checked as on creation), description or events, or disable (`enabled: false`) and enable it again (its failing streak starts over).
     *
     *     Scope: `webhooks:write`.
     */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/webhook-endpoints/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate an endpoint’s secret
     * @description A new signing secret, shown this once; the old one keeps signing alongside it for 24 hours (two signatures in `webhook-signature`), so the receiver can switch without refusing a delivery.
     *
     *     Scope: `webhooks:write`.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhook-endpoints/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an endpoint’s deliveries
     * @description Its delivery log, newest first: each event sent, its tries and answers.
     *
     *     Scope: `webhooks:write`.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhook-endpoints/{id}/deliveries/{deliveryId}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description Sends it again now under the same `webhook-id` (a receiver that kept it drops it), with a new retry window.
     *
     *     Scope: `webhooks:write`.
     */
    post: operations['resendWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List invoices
     * @description The invoices of signed standard contracts, as the invoices dashboard lists them: each payment (deposit, progress, balance) with something to bill, numbered or not yet.
     *
     *     Scope: `invoices:read`.
     */
    get: operations['listInvoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an invoice
     * @description One invoice: its amounts, status, number, sends and agreement.
     *
     *     Scope: `invoices:read`.
     */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Person: {
      name: string;
      /** Format: email */
      email: string;
      phone?: string;
    };
    Countersigner: {
      /** Format: email */
      email: string;
      name?: string;
      title?: string;
    };
    CreateStandardAgreement: {
      /** @constant */
      family: 'standard';
      /** @description The service whose agreement texts the contract takes. */
      serviceId: string;
      signer: components['schemas']['Person'];
      additionalSigners?: components['schemas']['Person'][];
      countersigner?: components['schemas']['Countersigner'];
      companyName?: string;
      siteAddress?: string;
      city?: string;
      state?: string;
      zipcode?: string;
      /** @description The fee in dollars. */
      cost: number;
      /** @description The deposit in dollars, at most the cost. */
      deposit: number;
      progress?: number;
      balance?: number;
      /** @default 0 */
      t24ReportCount?: number;
      /**
       * Format: email
       * @description The firm’s customer success manager.
       */
      csmEmail: string;
      /** Format: email */
      pmEmail?: string;
      /**
       * Format: email
       * @description Gets the document and the signed copy.
       */
      ccEmail?: string;
      /** @description The CRM deal the agreement belongs to: its notes and stage follow the agreement. */
      crmDealId?: string;
      /**
       * @description Several signers: one after the other (default) or all at once.
       * @enum {string}
       */
      signingOrder?: 'parallel' | 'sequential';
      /** @description Each signer enters a code mailed to them first; default: the family’s setting. */
      requireEmailCode?: boolean;
    };
    CreateDocumentAgreement: {
      /** @constant */
      family: 'document';
      /** @description An uploaded-document template (`GET /templates`). */
      templateId: string;
      /** @description Default: the newest. */
      templateVersion?: number;
      /** @description Default: the template’s name. */
      title?: string;
      /** @description A person for each of the template’s roles, by role id: `signer-1`, `signer-2`, …, and `firm` (a staff member). */
      people: {
        [key: string]: components['schemas']['Person'] | components['schemas']['Countersigner'];
      };
      /**
       * Format: email
       * @description The staff member the document is sent for.
       */
      csmEmail: string;
      ccEmails?: string[];
      expiresInDays?: number;
      /** @description The CRM deal the agreement belongs to: its notes and stage follow the agreement. */
      crmDealId?: string;
      /**
       * @description Several signers: one after the other (default) or all at once.
       * @enum {string}
       */
      signingOrder?: 'parallel' | 'sequential';
      /** @description Each signer enters a code mailed to them first; default: the family’s setting. */
      requireEmailCode?: boolean;
    };
    CreateSowAgreement: {
      /** @constant */
      family: 'sow';
      /** @description The SOW services template (its texts for each role), e.g. `Residential`. */
      templateName: string;
      /** @description The community partner who signs. */
      partner: components['schemas']['Person'];
      /** @description The partner in the CRM; absent, a partner with their e-mail must not exist. */
      partnerCrmId?: string;
      /** @description Creates it even though the CRM marks the partner Blacklisted. */
      confirmBlacklisted?: boolean;
      roles: (
        | 'designer_cp'
        | 'eor_cp'
        | 'ose_cp'
        | 'mdec_cp'
        | 'peer_review_cp'
        | 'drafter_cp'
        | 's.o_cp'
        | 'sss_cp'
        | 't24_cp'
        | 'scope_co1_cp'
        | 'scope_co2_cp'
        | 'scope_co3_cp'
        | 'scope_co4_cp'
        | 'scope_co5_cp'
      )[];
      /** @description The fee in dollars for each role, by role. */
      fees: {
        [key: string]: number;
      };
      /** @description The CRM project's id. */
      projectCrmId: string;
      projectAddress: string;
      projectType?: string;
      projectOverview?: string;
      timeline:
        | {
            /** @constant */
            kind: 'duration';
            amount: number;
            /** @enum {string} */
            unit: 'days' | 'weeks' | 'months';
          }
        | {
            /** @constant */
            kind: 'custom';
            /** @description `YYYY-MM-DDTHH:mm`, Pacific time. */
            dateTime: string;
          };
      /** @description `YYYY-MM-DDTHH:mm`, Pacific time; required for the on-site roles. */
      siteVisitAt?: string;
      servicesDeliverables?: string;
      /** Format: email */
      pmEmail: string;
      /** @default [] */
      ccEmails?: string[];
      /**
       * Format: date
       * @description Default: today, Pacific time.
       */
      effectiveDate?: string;
      additionalSigners?: components['schemas']['Person'][];
      countersigner?: components['schemas']['Countersigner'];
      /**
       * @description Several signers: one after the other (default) or all at once.
       * @enum {string}
       */
      signingOrder?: 'parallel' | 'sequential';
      /** @description Each signer enters a code mailed to them first; default: the family’s setting. */
      requireEmailCode?: boolean;
    };
    CreateChangeOrder: {
      /** @constant */
      family: 'co';
      /** @description The change-order template its texts come from. */
      templateId: string;
      /** @description The deal the change order is for. */
      crmDealId: string;
      /** @description The CRM project's id. */
      projectCrmId?: string;
      projectAddress: string;
      /** @description The client who signs. */
      signatory: components['schemas']['Person'];
      /** @description The CRM contact's id. */
      signatoryCrmId?: string;
      description: string;
      /** @description In dollars. */
      fee: number;
      /** @enum {string} */
      paymentTerms:
        'Due upon signing' | 'Due upon completion' | 'Net 15' | 'Net 30' | 'Split Payment';
      /** @description Split Payment only. */
      firstPayment?: number;
      /** @description Split Payment only. */
      secondPayment?: number;
      specificationsProvisions?: string;
      /** Format: date */
      mainContractSignedDate?: string;
      /**
       * @description Which change order of the project it is, when the deal has no label yet.
       * @enum {string}
       */
      associationLabel?:
        | 'Change Order 1'
        | 'Change Order 2'
        | 'Change Order 3'
        | 'Change Order 4'
        | 'Change Order 5';
      /** Format: email */
      csmEmail: string;
      /** Format: email */
      pmEmail?: string;
      /** @default [] */
      ccEmails?: string[];
      additionalSigners?: components['schemas']['Person'][];
      countersigner?: components['schemas']['Countersigner'];
      /**
       * @description Several signers: one after the other (default) or all at once.
       * @enum {string}
       */
      signingOrder?: 'parallel' | 'sequential';
      /** @description Each signer enters a code mailed to them first; default: the family’s setting. */
      requireEmailCode?: boolean;
    };
    CreateAgreement:
      | components['schemas']['CreateStandardAgreement']
      | components['schemas']['CreateSowAgreement']
      | components['schemas']['CreateChangeOrder']
      | components['schemas']['CreateDocumentAgreement'];
    CreateWebhookEndpoint: {
      /** @description `https` and resolving to a public address; checked again before every delivery. Plain `http` only to loopback where the server allows it. */
      url: string;
      description?: string;
      events: (
        | 'agreement.created'
        | 'agreement.sent'
        | 'agreement.viewed'
        | 'agreement.recipient_signed'
        | 'agreement.completed'
        | 'agreement.declined'
        | 'agreement.handed_over'
        | 'agreement.voided'
        | 'agreement.expired'
        | 'agreement.cancelled'
        | 'invoice.sent'
        | 'invoice.paid'
      )[];
    };
    UpdateWebhookEndpoint: {
      /** @description `https` and resolving to a public address; checked again before every delivery. Plain `http` only to loopback where the server allows it. */
      url?: string;
      description?: string;
      events?: (
        | 'agreement.created'
        | 'agreement.sent'
        | 'agreement.viewed'
        | 'agreement.recipient_signed'
        | 'agreement.completed'
        | 'agreement.declined'
        | 'agreement.handed_over'
        | 'agreement.voided'
        | 'agreement.expired'
        | 'agreement.cancelled'
        | 'invoice.sent'
        | 'invoice.paid'
      )[];
      /** @description false disables it (deliveries stop); true enables it again. */
      enabled?: boolean;
    };
    Recipient: {
      /** @description Stable within the agreement: events name the recipient by it. */
      id: string;
      /** @enum {string} */
      role: 'signer' | 'countersigner' | 'cc';
      name: string;
      email: string;
      /** @description From 1; recipients of the same order sign in parallel. */
      order: number;
      /** @enum {string} */
      state: 'waiting' | 'invited' | 'viewed' | 'signature-saved' | 'signed' | 'declined';
      invitedAt: string | null;
      viewedAt: string | null;
      signedAt: string | null;
      declinedAt: string | null;
    };
    AgreementEvent: {
      /** @description 1 for the agreement’s first event, increasing by one with each. */
      sequence: number;
      /** @description What happened: `sent`, `viewed`, `signed`, `completed`, `void`… */
      type: string;
      /** @description The event in words, as the audit trail shows it. */
      title: string;
      /**
       * Format: date-time
       * @description ISO 8601, UTC.
       */
      at: string;
      /** @description The status after the event. */
      status:
        | (
            | 'draft'
            | 'sent'
            | 'viewed'
            | 'signature_saved'
            | 'signed'
            | 'signed_manually'
            | 'resent'
            | 'edited_resent'
            | 'declined'
            | 'cancelled'
            | 'expired'
            | 'void'
          )
        | null;
      /** @description A staff e-mail, `signer` or `system`. */
      actor: string;
      /** @description The recipient the event is about, if one. */
      recipientId: string | null;
    };
    AgreementSummary: {
      /** @description An id of 24 hexadecimal characters. */
      id: string;
      /** @description The contract family: `standard`, `sow`, `co`, `document`, … */
      family: string;
      title: string;
      /** @enum {string} */
      status:
        | 'draft'
        | 'sent'
        | 'viewed'
        | 'signature_saved'
        | 'signed'
        | 'signed_manually'
        | 'resent'
        | 'edited_resent'
        | 'declined'
        | 'cancelled'
        | 'expired'
        | 'void';
      /** @description The first signer. */
      signerName: string;
      signerEmail: string;
      crmDealId: string | null;
      /** @description Who created and sent it (a staff e-mail or a key’s owner). */
      createdBy: string;
      sentAt: string | null;
      signedAt: string | null;
      declinedAt: string | null;
      cancelledAt: string | null;
      expiredAt: string | null;
      voidedAt: string | null;
      /** @description When its signing links close, if it is still open. */
      expiresAt: string | null;
      /** @description Whether the sealed PDF and the certificate can be downloaded. */
      sealed: boolean;
    };
    Agreement: {
      /** @description An id of 24 hexadecimal characters. */
      id: string;
      /** @description The contract family: `standard`, `sow`, `co`, `document`, … */
      family: string;
      title: string;
      /** @enum {string} */
      status:
        | 'draft'
        | 'sent'
        | 'viewed'
        | 'signature_saved'
        | 'signed'
        | 'signed_manually'
        | 'resent'
        | 'edited_resent'
        | 'declined'
        | 'cancelled'
        | 'expired'
        | 'void';
      /** @description The first signer. */
      signerName: string;
      signerEmail: string;
      crmDealId: string | null;
      /** @description Who created and sent it (a staff e-mail or a key’s owner). */
      createdBy: string;
      sentAt: string | null;
      signedAt: string | null;
      declinedAt: string | null;
      cancelledAt: string | null;
      expiredAt: string | null;
      voidedAt: string | null;
      /** @description When its signing links close, if it is still open. */
      expiresAt: string | null;
      /** @description Whether the sealed PDF and the certificate can be downloaded. */
      sealed: boolean;
      recipients: components['schemas']['Recipient'][];
      events: components['schemas']['AgreementEvent'][];
    };
    AgreementPage: {
      data: components['schemas']['AgreementSummary'][];
      /** @description Pass as `cursor` to read the next page; null on the last page. */
      nextCursor: string | null;
    };
    AgreementEventPage: {
      data: components['schemas']['AgreementEvent'][];
      /** @description Pass as `cursor` to read the next page; null on the last page. */
      nextCursor: string | null;
    };
    ReminderSent: {
      agreement: components['schemas']['Agreement'];
      /**
       * Format: date-time
       * @description ISO 8601, UTC.
       */
      remindedAt: string;
    };
    Problem: {
      /** @description A URI naming the kind of problem; `about:blank` when none. */
      type: string;
      title: string;
      status: number;
      detail: string;
      /** @description The path the request was sent to. */
      instance: string;
      /** @description On a 400: each field that is wrong and why. */
      errors?: {
        /** @description `signer.email`, `limit`; empty for the whole body. */
        path: string;
        message: string;
      }[];
    };
    Service: {
      id: string;
      name: string;
      agreementTitle: string;
      /** @description Where staff list it, from 1. */
      position: number;
      updatedAt: string | null;
    };
    Template: {
      id: string;
      /**
       * @description Whose agreements it makes: uploaded documents (`templateId`), Scope-of-Work contracts (`templateName`) or change orders (`templateId`).
       * @enum {string}
       */
      family: 'document' | 'sow' | 'co';
      name: string;
      /** @description A document template: each save is a new version, and versions never change. */
      version: number | null;
      /** @description A document template: its PDF. */
      fileName: string | null;
      pageCount: number | null;
      fieldCount: number | null;
      /** @description A document template: who its fields are for (`signer-1`, `signer-2`, …, `firm`). A SOW template: the partner roles it has texts for. A change order: none. */
      roles: {
        id: string;
        name: string;
      }[];
      updatedAt: string | null;
    };
    ServicePage: {
      data: components['schemas']['Service'][];
      nextCursor: string | null;
    };
    TemplatePage: {
      data: components['schemas']['Template'][];
      nextCursor: string | null;
    };
    Invoice: {
      /** @description `{agreementId}.{deposit|progress|balance}`. */
      id: string;
      /** @description An id of 24 hexadecimal characters. */
      agreementId: string;
      /**
       * @description Which payment of the contract it bills.
       * @enum {string}
       */
      type: 'deposit' | 'progress' | 'balance';
      /** @description `INV-000042`, given when it is first sent or downloaded; null before. */
      number: string | null;
      /** @enum {string} */
      status: 'unpaid' | 'partially_paid' | 'paid';
      /**
       * @description ISO 4217.
       * @constant
       */
      currency: 'USD';
      /** @description In the invoice’s currency, to the cent. */
      amount: number;
      /** @description Paid so far. */
      paidAmount: number;
      /** @description Still to pay. */
      dueAmount: number;
      /** @description When it was numbered; null before. */
      issuedAt: string | null;
      /** @description When payment is due; null until issued. */
      dueAt: string | null;
      /** @description First mailed to the client. */
      sentAt: string | null;
      /** @description Last mailed (a reminder or a resend). */
      lastSentAt: string | null;
      sendCount: number;
      reminderCount: number;
      clientName: string;
      clientEmail: string;
      companyName: string | null;
      agreementTitle: string;
      crmDealId: string | null;
      /** @description Public api addresses of the invoice and its agreement. */
      links: {
        self: string;
        agreement: string;
      };
    };
    InvoicePage: {
      data: components['schemas']['Invoice'][];
      /** @description Pass as `cursor` to read the next page; null on the last page. */
      nextCursor: string | null;
    };
    WebhookEvent: {
      /** @description Unique per event: the `webhook-id` header, the same on every redelivery. */
      id: string;
      /** @enum {string} */
      type:
        | 'agreement.created'
        | 'agreement.sent'
        | 'agreement.viewed'
        | 'agreement.recipient_signed'
        | 'agreement.completed'
        | 'agreement.declined'
        | 'agreement.handed_over'
        | 'agreement.voided'
        | 'agreement.expired'
        | 'agreement.cancelled'
        | 'invoice.sent'
        | 'invoice.paid';
      /**
       * Format: date-time
       * @description When the change happened.
       */
      timestamp: string;
      data: {
        /** @enum {string} */
        object: 'agreement' | 'invoice';
        /** @description The agreement’s id, or the invoice’s (`{agreementId}.{deposit|progress|balance}`). */
        id: string;
        /** @description Per agreement (or invoice), increasing with each of its events: order by it. */
        sequence: number;
        family?: string;
        status?: string;
        /** @description Short facts of the change, e.g. the recipient’s name and role; never a token. */
        summary: {
          [key: string]: string | number | boolean | null;
        };
        /** @description Public api addresses of the object. */
        links: {
          [key: string]: string;
        };
      };
    };
    EventFeedPage: {
      data: components['schemas']['WebhookEvent'][];
      /** @description More events follow: ask again at once with `after` = the last one’s id. */
      hasMore: boolean;
    };
    WebhookEndpoint: {
      /** @description An id of 24 hexadecimal characters. */
      id: string;
      url: string;
      description: string;
      events: (
        | 'agreement.created'
        | 'agreement.sent'
        | 'agreement.viewed'
        | 'agreement.recipient_signed'
        | 'agreement.completed'
        | 'agreement.declined'
        | 'agreement.handed_over'
        | 'agreement.voided'
        | 'agreement.expired'
        | 'agreement.cancelled'
        | 'invoice.sent'
        | 'invoice.paid'
      )[];
      /**
       * @description `disabled_by_admin`: disabled by a person or key; `disabled_failing`: every delivery failed for 3 days.
       * @enum {string}
       */
      state: 'enabled' | 'disabled_by_admin' | 'disabled_failing';
      /** @description A staff e-mail, or `api-key:<prefix>` for a key. */
      createdBy: string;
      /**
       * Format: date-time
       * @description ISO 8601, UTC.
       */
      createdAt: string;
      secretRotatedAt: string | null;
      /** @description After a rotation, the old secret also signs until then. */
      previousSecretUntil: string | null;
      /** @description Till when each rotated-out secret still signs, newest first (at most 3); empty when only the current secret signs. */
      previousSecretsUntil: string[];
      /** @description Since when every delivery failed; null if healthy. */
      failingSince: string | null;
      disabledAt: string | null;
      lastDeliveryAt: string | null;
    };
    WebhookEndpointWithSecret: {
      endpoint: components['schemas']['WebhookEndpoint'];
      /** @description `whsec_…`: verifies the deliveries’ signatures. Shown this once; keep it. */
      secret: string;
    };
    WebhookEndpointList: {
      data: components['schemas']['WebhookEndpoint'][];
    };
    WebhookAttempt: {
      /**
       * Format: date-time
       * @description ISO 8601, UTC.
       */
      at: string;
      /** @description The receiver’s status; null: no answer came. */
      status: number | null;
      latencyMs: number;
      /** @description Why it failed: `timed out after 10 s`, `answered 500`. */
      error: string | null;
    };
    WebhookDelivery: {
      id: string;
      endpointId: string;
      /** @description The event’s id (`webhook-id`). */
      eventId: string;
      /** @description The event’s type, or `webhook.test` for an admin’s test event. */
      eventType:
        | (
            | 'agreement.created'
            | 'agreement.sent'
            | 'agreement.viewed'
            | 'agreement.recipient_signed'
            | 'agreement.completed'
            | 'agreement.declined'
            | 'agreement.handed_over'
            | 'agreement.voided'
            | 'agreement.expired'
            | 'agreement.cancelled'
            | 'invoice.sent'
            | 'invoice.paid'
          )
        | 'webhook.test';
      /** @enum {string} */
      state: 'pending' | 'retrying' | 'delivered' | 'failed';
      /**
       * Format: date-time
       * @description ISO 8601, UTC.
       */
      createdAt: string;
      nextAttemptAt: string | null;
      attempts: components['schemas']['WebhookAttempt'][];
      /** @description The JSON sent. */
      requestBody: string;
      /** @description The start of the last answer’s body (2 KB). */
      responseExcerpt: string | null;
      lastError?: string | null;
    };
    WebhookDeliveryPage: {
      data: components['schemas']['WebhookDelivery'][];
      /** @description Pass as `cursor` to read the next page; null on the last page. */
      nextCursor: string | null;
    };
  };
  responses: {
    /** @description The key made too many calls: wait the seconds `Retry-After` says. */
    TooManyRequests: {
      headers: {
        /** @description Seconds to wait before calling again. */
        'Retry-After'?: number;
        /** @description Calls a key may make a minute. */
        'RateLimit-Limit'?: number;
        /** @description Seconds until the minute’s count starts again. */
        'RateLimit-Reset'?: number;
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: {
    /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
    IdempotencyKey: string;
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listAgreements: {
    parameters: {
      query?: {
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        cursor?: string;
        /** @description Only this family’s agreements (`standard`, `sow`, `co`, `document`, …). */
        family?: string;
        /** @description Only agreements in one of these statuses, e.g. `sent,viewed`. */
        status?: string;
        /** @description The dashboards’ filters, any of them matching (`viewed`, `notSigned`, `signatureSaved`…). */
        filter?: string;
        /** @description Text in a name, e-mail, address or phone number of the agreement. */
        search?: string;
        /** @description Sent at or after this time (ISO 8601). */
        sentAfter?: string;
        /** @description Sent before this time (ISO 8601). */
        sentBefore?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of agreements. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgreementPage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  createAgreement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAgreement'];
      };
    };
    responses: {
      /** @description The draft agreement. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agreement'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No service, template, deal or project has the id the body names. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  getAgreement: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The agreement. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agreement'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  sendAgreement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sent agreement. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agreement'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The agreement was sent already. Or: A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  remindAgreement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The reminder went. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReminderSent'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The agreement is a draft, is not waiting for a signer, or was reminded a moment ago. Or: A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  voidAgreement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The voided agreement. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agreement'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Only a signed agreement can be voided (not a draft); cancel an open one. Or: A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  cancelAgreement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cancelled agreement. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agreement'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Only a sent agreement waiting for signatures can be cancelled (not a draft). Or: A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  downloadSealedPdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sealed PDF. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The agreement is not signed and sealed yet. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  downloadCertificate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The certificate of completion. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `agreements:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The agreement is not signed and sealed yet. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listAgreementEvents: {
    parameters: {
      query?: {
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgreementEventPage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `events:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listTemplates: {
    parameters: {
      query?: {
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        cursor?: string;
        /** @description Whose templates: `document` (default), `sow` or `co`. */
        family?: 'document' | 'sow' | 'co';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of templates. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplatePage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `templates:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  getTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The template. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Template'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `templates:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listServices: {
    parameters: {
      query?: {
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of services. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServicePage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `services:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  getService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The service. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Service'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `services:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description The id of the last event you have (from this feed or a delivery’s `webhook-id`); absent: from the oldest kept. */
        after?: string;
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description Only events of these types, e.g. `agreement.completed,invoice.paid`. */
        type?: string;
        /** @description Only the events of this agreement. */
        agreementId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Events after `after`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventFeedPage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `events:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointList'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpoint'];
      };
    };
    responses: {
      /** @description The endpoint and its secret. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointWithSecret'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookEndpoint'];
      };
    };
    responses: {
      /** @description The changed endpoint. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint and its new secret. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointWithSecret'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The secret was rotated by another request meanwhile. Or: A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        cursor?: string;
        /** @description Only deliveries in this state. */
        state?: 'pending' | 'retrying' | 'delivered' | 'failed';
      };
      header?: never;
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryPage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  resendWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description An id of 24 hexadecimal characters. */
        id: string;
        /** @description A delivery’s id, from the delivery log. */
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, pending. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `webhooks:write` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The endpoint is disabled, or the delivery is being tried right now. Or: A request with this Idempotency-Key is still running. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used with another body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  listInvoices: {
    parameters: {
      query?: {
        /** @description How many items a page holds, 1 to 100. */
        limit?: number;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        cursor?: string;
        /** @description Only invoices in one of these statuses, e.g. `unpaid,partially_paid`. */
        status?: string;
        /** @description Only these payments, e.g. `deposit`. */
        type?: string;
        /** @description Only the invoices of this agreement. */
        agreementId?: string;
        /** @description Only the invoices of this CRM deal’s agreements. */
        crmDealId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of invoices. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoicePage'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `invoices:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description `{agreementId}.{deposit|progress|balance}`. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invoice. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      /** @description The request is not valid: `errors` names each wrong field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No API key, or one that is unknown, expired or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The key lacks the `invoices:read` scope. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such object, or it was deleted. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
}
