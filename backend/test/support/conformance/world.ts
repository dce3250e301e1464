import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { caughtMails } from '../../../src/integrations/mail/caught-mail.collection';
import { caughtIdOf } from '../../../src/integrations/mail/mail-catcher';
import { mailDeliveries } from '../../../src/modules/mail/mail-delivery.collection';
import { startMailCatcherEnv, type MailCatcherEnv } from '../mail-catcher-env';
import { seedBaseData } from '../seed';
import { PUBLIC_API_URL, PUBLIC_SIGNING_URL } from '../signing-fixtures';
import { staffHttp, type StaffHttp } from '../staff-session';
import { startApi, startWorker } from '../test-apps';
import { waitFor } from '../wait-for';

/** The staff app's address in the mails (the countersigner's link points there). */
export const SHELL_URL = 'https://staff.prosign.example.com';

/** Days after which an unsigned agreement expires, as the suite configures it. */
export const EXPIRY_DAYS = 30;

/** A mail as the product recorded its delivery. */
export interface DeliveredMail {
  _id: string;
  template: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
}

/**
 * One family's running product: the real api and worker on a database of their own, the
 * local SMTP catcher standing for the recipients' mailboxes, and staff sessions.
 */
export interface World {
  api: INestApplication;
  worker: INestApplicationContext;
  connection: Connection;
  /** A signed-in staff member's client (one session each, made on first use). */
  staff(email: string): Promise<StaffHttp>;
  /** Every mail of an agreement delivered to `email` (or to anyone), oldest first. */
  mailsOf(agreementId: string, email?: string): Promise<DeliveredMail[]>;
  /** Waits for a mail of the agreement to `email` that `accept`s, and answers the last such. */
  mailTo(
    agreementId: string,
    email: string,
    accept?: (mail: DeliveredMail) => boolean,
  ): Promise<DeliveredMail>;
  /** The one-time code last mailed to `email`, read from the mailbox as the signer reads it. */
  mailedCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the services, seeds the base records and starts the api and worker for one family. */
export async function startWorld(testFile: string): Promise<World> {
  const services: MailCatcherEnv = await startMailCatcherEnv(
    testFile,
    {
      PUBLIC_API_URL,
      PUBLIC_SIGNING_URL,
      PUBLIC_SHELL_URL: SHELL_URL,
      CONTRACT_EXPIRY_DAYS: String(EXPIRY_DAYS),
    },
    { ownMailbox: true },
  );
  const { config } = services.env;
  await seedBaseData(config);
  const { app: api } = await startApi(config);
  const worker = await startWorker(config);
  const connection = api.get<Connection>(getConnectionToken(), { strict: false });
  const sessions = new Map<string, Promise<StaffHttp>>();

  const mailsOf = async (agreementId: string, email?: string) =>
    (
      (await mailDeliveries(connection)
        .find({ agreementId })
        .sort({ createdAt: 1 })
        .toArray()) as unknown as DeliveredMail[]
    ).filter((mail) => !email || mail.to.includes(email));

  return {
    api,
    worker,
    connection,
    staff(email) {
      if (!sessions.has(email)) sessions.set(email, staffHttp(api, email));
      return sessions.get(email) as Promise<StaffHttp>;
    },
    mailsOf,
    async mailTo(agreementId, email, accept = () => true) {
      const mails = await waitFor(
        () => mailsOf(agreementId, email),
        (found) => found.some(accept),
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      return mails.filter(accept).at(-1) as DeliveredMail;
    },
    async mailedCode(email) {
      const [delivery] = await waitFor(
        () =>
          mailDeliveries(connection)
            .find({ template: 'email-code', to: [email] })
            .sort({ createdAt: -1 })
            .limit(1)
            .toArray(),
        (found) => found.length > 0,
      );
      const caught = await waitFor(
        () =>
          caughtMails(services.catcherConnection).findOne({
            _id: caughtIdOf(delivery.messageId as string),
          }),
        (mail) => mail !== null,
      );
      const match = /Your ProSign code is (\d{6})\./.exec(caught?.text ?? '');
      if (!match) throw new Error(`the mail to ${email} carries no code`);
      return match[1];
    },
    async close() {
      await worker.close();
      await api.close();
      await services.close();
    },
  };
}

/** The signing link a mail carries (on the signing app's host), if any. */
export function signingLinkIn(mail: DeliveredMail): string | null {
  const host = PUBLIC_SIGNING_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${host}/[^\\s"<>]+`).exec(mail.text)?.[0] ?? null;
}
