import { BadGatewayException } from '@nestjs/common';
import type { Client } from '@hubspot/api-client';
import type { CrmNote, CrmNoteTarget, CrmTimelineNote } from './crm.port';

/** HubSpot's own association type of a note to a deal. */
const NOTE_TO_DEAL_ASSOCIATION_TYPE_ID = 214;
/** HubSpot's own association type of a note to a contact. */
const NOTE_TO_CONTACT_ASSOCIATION_TYPE_ID = 202;
/** What precedes a write's marker on the last line of its note. */
const NOTE_REFERENCE = 'ProSign ref: ';
/** Notes whose body carries a marker, read to find ours among them (a forged one is not). */
const NOTE_SEARCH_LIMIT = 10;
const HUBSPOT_DEFINED = 'HUBSPOT_DEFINED';

/** A HubSpot call as the adapter runs it: after the shared limit, failures as HTTP errors. */
export type HubSpotCall = <T>(what: string, request: () => Promise<T>) => Promise<T>;

/**
 * The HubSpot adapter's notes: on a deal's timeline, on several records at once (found again
 * by the marker of the write that created them), the project type's association looked up once.
 */
export class HubSpotNotes {
  private noteProjectType?: Promise<{ category: string; typeId: number }>;

  constructor(
    private readonly client: Client,
    private readonly projectType: string,
    private readonly call: HubSpotCall,
  ) {}

  /**
   * A note engagement on the deal's timeline (`POST /crm/v3/objects/notes`): `hs_note_body`,
   * `hs_timestamp`, associated with the deal under HubSpot's note-to-deal type.
   */
  async addDealNote(dealId: string, note: CrmNote): Promise<string> {
    const created = await this.call(`Deal ${dealId}`, () =>
      this.client.crm.objects.notes.basicApi.create({
        // HubSpot shows a note's body as HTML: the plain text (a signer's own words) escaped.
        properties: { hs_note_body: noteHtml(note.body), hs_timestamp: note.at.toISOString() },
        associations: [
          {
            to: { id: dealId },
            types: [
              {
                associationCategory: HUBSPOT_DEFINED as never,
                associationTypeId: NOTE_TO_DEAL_ASSOCIATION_TYPE_ID,
              },
            ],
          },
        ],
      }),
    );
    return created.id;
  }

  /**
   * One request creates the note with every association (`POST /crm/v3/objects/notes`), so a
   * note found again by its marker after a crash is never missing one: deals and contacts by
   * HubSpot's own note association types, a project (the custom object) by the pair's default
   * type, which differs per account and is read once from the v4 association schema.
   */
  async addNote(note: CrmTimelineNote): Promise<string> {
    const projectType = note.on.some((target) => target.type === 'projects')
      ? await this.noteToProjectType()
      : null;
    const created = await this.call('Note', () =>
      this.client.crm.objects.notes.basicApi.create({
        properties: {
          // The reference line last: what `findNote` recognises a note of ours by.
          hs_note_body: `${noteHtml(note.body)}<br><br>${NOTE_REFERENCE}${note.marker}`,
          hs_timestamp: note.at.toISOString(),
          ...(note.attachmentIds?.length
            ? { hs_attachment_ids: note.attachmentIds.join(';') }
            : {}),
        },
        associations: note.on.map((target) => ({
          to: { id: target.id },
          types: [
            target.type === 'projects' && projectType
              ? {
                  associationCategory: projectType.category as never,
                  associationTypeId: projectType.typeId,
                }
              : {
                  associationCategory: HUBSPOT_DEFINED as never,
                  associationTypeId: noteAssociationTypeId(target),
                },
          ],
        })),
      }),
    );
    return created.id;
  }

  /** The unlabelled association type from notes to the project object, looked up once. */
  private noteToProjectType(): Promise<{ category: string; typeId: number }> {
    this.noteProjectType ??= this.call('Association types of notes', () =>
      this.client.crm.associations.v4.schema.definitionsApi.getAll('notes', this.projectType),
    ).then((response) => {
      const unlabelled = response.results.find((definition) => !definition.label);
      if (!unlabelled) {
        throw new BadGatewayException(
          `HubSpot has no association from notes to the project object ${this.projectType}: allow notes to be associated with it in the object's settings`,
        );
      }
      return { category: unlabelled.category, typeId: unlabelled.typeId };
    });
    // A failed look-up is not kept: the next note asks again.
    this.noteProjectType.catch(() => (this.noteProjectType = undefined));
    return this.noteProjectType;
  }

  /**
   * The note a write created whose answer was lost. HubSpot's search reads the
   * body, where a signer's own words are too (a decline's reason, a hand-over's note): a body
   * that merely contains the marker could be theirs. A note is ours only when its text ends with
   * our reference line (`ProSign ref: <marker>`, written last by `addNote`): their words are
   * escaped (no markup of theirs) and always followed by our own lines, so they never end a note.
   */
  async findNote(marker: string): Promise<string | null> {
    const found = await this.call('Notes', () =>
      this.client.crm.objects.notes.searchApi.doSearch({
        filterGroups: [
          {
            filters: [
              { propertyName: 'hs_note_body', operator: 'CONTAINS_TOKEN' as never, value: marker },
            ],
          },
        ],
        properties: ['hs_note_body'],
        limit: NOTE_SEARCH_LIMIT,
        after: undefined as never,
        sorts: [],
      }),
    );
    const ours = found.results.find((note) =>
      endsWithReference(note.properties.hs_note_body ?? '', marker),
    );
    return ours?.id ?? null;
  }
}

function noteAssociationTypeId(target: CrmNoteTarget): number {
  return target.type === 'contacts'
    ? NOTE_TO_CONTACT_ASSOCIATION_TYPE_ID
    : NOTE_TO_DEAL_ASSOCIATION_TYPE_ID;
}

/** Plain text as a note body (HubSpot renders HTML): markup escaped, line breaks kept. */
function noteHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n/g, '<br>');
}

/**
 * Whether a note's body ends with the reference line of `marker`, read as its text (HubSpot may
 * wrap the body it keeps in markup of its own).
 */
function endsWithReference(body: string, marker: string): boolean {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.endsWith(`${NOTE_REFERENCE}${marker}`);
}
