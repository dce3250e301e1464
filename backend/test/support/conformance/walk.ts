import type { StaffHttp } from '../staff-session';
import { waitFor } from '../wait-for';
import { cardOf, type ListedCard, type StaffHandle } from './dashboard';
import type { FamilyDriver, FamilyForm, SendOptions, SentAgreement } from './drivers';
import { signerOn, tokenOfLink, type Person, type SignerOnLink } from './signer';
import { signingLinkIn, startWorld, type DeliveredMail, type World } from './world';

/** The second signer the walk adds. */
export const LUIS: Person = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com' };
/** The authorised signatory a place is handed over to. */
export const JANE: Person = { name: 'Jane Roe', email: 'jane.roe@example.com' };
/** The firm's countersigner: a staff member (the test admin). */
export const PRINCIPAL = {
  email: 'admin@prosign.example',
  name: 'Dana Whitfield',
  title: 'Principal',
};

/** One agreement of the walk: as sent, its first signer on their link, and as staff find it. */
interface Walked extends SentAgreement {
  first: SignerOnLink;
  handle: StaffHandle;
}

/**
 * One family's walk: its running product, its driver's form, the sender's and the admin's
 * sessions, and what every step does the same way for every family. Filled in `beforeAll`.
 */
export interface FamilyWalk {
  driver: FamilyDriver;
  world: World;
  form: FamilyForm;
  sender: StaffHttp;
  admin: StaffHttp;
  /** Creates and sends an agreement of the family as its screen does. */
  sendNew(options?: SendOptions): Promise<Walked>;
  /** The signer of a signing link on the family's page. */
  signerOfLink(link: string): SignerOnLink;
  /** The link last mailed to `email` for the agreement (an invitation or reminder), its signer. */
  signerMailed(agreementId: string, email: string): Promise<SignerOnLink>;
  /** The agreement's card on the sender's dashboard, fresh. */
  card(handle: StaffHandle): Promise<ListedCard>;
  /** Waits until the card shows what `until` accepts (the worker's seal, say). */
  cardOnce(handle: StaffHandle, until: (card: ListedCard) => boolean): Promise<ListedCard>;
  /**
   * The walk's agreement sent to the first signer alone, signed by them, and sealed: the card
   * once sealed. Made on first use and shared by the steps that need a sealed agreement (CRM
   * write-back and the sealed PDF read it; void, a closing step, runs after them): the seal is
   * the walk's slowest set-up.
   */
  signedAndSealed(): Promise<{ walked: Walked; card: ListedCard }>;
}

/** A mail that invites to sign (or reminds): it carries a signing link; the signed copy does not count. */
export function carriesLink(mail: DeliveredMail): boolean {
  return mail.template !== 'signed-copy' && signingLinkIn(mail) !== null;
}

/** Starts the family's product and fills in the walk. */
export async function startWalk(testFile: string, driver: FamilyDriver): Promise<FamilyWalk> {
  const world = await startWorld(testFile);
  const family = driver.family;
  const form = await driver.form(world);
  const sender = await world.staff(driver.sender);
  const admin = await world.staff(PRINCIPAL.email);
  const signerOfLink = (link: string) => signerOn(world.api, family, tokenOfLink(family, link));
  const card = (handle: StaffHandle) => cardOf(sender, handle);
  const cardOnce = (handle: StaffHandle, until: (card: ListedCard) => boolean) =>
    waitFor(() => card(handle), until, { timeoutMs: 45_000, intervalMs: 200 });

  let sealed: Promise<{ walked: Walked; card: ListedCard }> | undefined;
  const walk: FamilyWalk = {
    driver,
    world,
    form,
    sender,
    admin,
    async sendNew(options = {}) {
      const docLink = await form.create(options);
      const sent = await form.send(docLink, options);
      return {
        ...sent,
        first: signerOfLink(sent.link),
        handle: { family, id: sent.id, search: form.firstSigner.email },
      };
    },
    signerOfLink,
    async signerMailed(agreementId, email) {
      const mail = await world.mailTo(agreementId, email, carriesLink);
      return signerOfLink(signingLinkIn(mail) as string);
    },
    card,
    cardOnce,
    signedAndSealed() {
      sealed ??= (async () => {
        const walked = await walk.sendNew();
        const signed = await walked.first.sign(form.firstSigner.name);
        expect(signed.status).toBe(200);
        const once = await cardOnce(walked.handle, (found) => Boolean(found.signedDocLink));
        return { walked, card: once };
      })();
      return sealed;
    },
  };
  return walk;
}
